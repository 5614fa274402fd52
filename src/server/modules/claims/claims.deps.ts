import type { Clock } from '../../clock.js';
import type { CheckoutService } from '../checkout/index.js';
import type { MailDeps } from '../email/index.js';
import type { OrdersService } from '../orders/index.js';
import type { TrackingService } from '../tracking/index.js';
import type { HolidayOn } from './claim-view.js';
import type { ClaimsRepository } from './claims.repository.js';
import type { EvidenceStore } from './evidence-files.js';

/** What claims are built from (wired once in `services.ts`). */
export interface ClaimsDeps {
  repository: ClaimsRepository;
  orders: Pick<OrdersService, 'findById' | 'lock' | 'declaredItems' | 'bookedCover'>;
  tracking: Pick<TrackingService, 'claimFacts' | 'view'>;
  checkout: Pick<CheckoutService, 'requestRefund' | 'refunds' | 'refundsUnder' | 'wake'>;
  mail: Pick<MailDeps, 'emails' | 'worker'>;
  clock: Clock;
  /** Where evidence files are kept: DATA_DIR/claims-evidence (evidence-files.ts). */
  evidenceStore: EvidenceStore;
  /** The key bank details are sealed with (`bankDetailsKey` of the site's secret). */
  bankDetailsKey: Uint8Array;
  /** The bank holidays the working days skip (England and Wales). */
  holidayOn: HolidayOn;
}
