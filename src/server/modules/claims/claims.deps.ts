import type { Clock } from '../../clock.js';
import type { CheckoutService } from '../checkout/index.js';
import type { MailDeps } from '../email/index.js';
import type { OrdersService } from '../orders/index.js';
import type { TrackingService } from '../tracking/index.js';
import type { HolidayOn } from './claim-view.js';
import type { ClaimsRepository } from './claims.repository.js';

/** What claims are built from (wired once in `services.ts`). */
export interface ClaimsDeps {
  repository: ClaimsRepository;
  orders: Pick<OrdersService, 'findById' | 'lock' | 'declaredItems' | 'bookedCover'>;
  tracking: Pick<TrackingService, 'claimFacts'>;
  checkout: Pick<CheckoutService, 'requestRefund' | 'refunds' | 'refundsUnder' | 'wake'>;
  mail: Pick<MailDeps, 'emails' | 'worker'>;
  clock: Clock;
  /** The bank holidays the working days skip (England and Wales). */
  holidayOn: HolidayOn;
}
