import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CourierProvider } from '../../providers/courier/courier-provider.js';
import type { CheckoutService } from '../checkout/index.js';
import type { MailDeps } from '../email/index.js';
import type { OrdersService } from '../orders/index.js';
import type { TrackingService } from '../tracking/index.js';
import type { BookingChangesRepository } from './booking-changes.repository.js';

/** Who asks for a change: the customer (whoever may open the order), or an operator. */
export type ChangeActor = { kind: 'customer' } | { kind: 'operator'; id: string; email: string };

/** What cancelling and changing a booking is built from (wired once in `services.ts`). */
export interface BookingChangesDeps {
  repository: BookingChangesRepository;
  orders: OrdersService;
  checkout: Pick<
    CheckoutService,
    'settleCancelledBooking' | 'resumeCaptures' | 'wake' | 'changePayments' | 'changeLeftAtRestore'
  >;
  tracking: Pick<TrackingService, 'collected' | 'stopCancelled' | 'moveCollection' | 'recordMove'>;
  courier: Pick<
    CourierProvider,
    'cancelShipment' | 'rebookCollection' | 'getShipmentDocuments' | 'trackShipment'
  >;
  jobs: Pick<JobQueue, 'enqueue' | 'wake' | 'hasten'>;
  mail: Pick<MailDeps, 'emails' | 'worker'>;
  clock: Clock;
  logger: Logger;
  /** How long a date or contact change waits for the courier before it answers (tests: less). */
  answerWithinMs?: number;
}
