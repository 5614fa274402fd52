export { bookingChangesRoutes } from './booking-changes.routes.js';
export {
  BookingChangesService,
  CANCEL_BOOKING_JOB,
  changeView,
  type ChangeActor,
} from './booking-changes.service.js';
export { BookingChangesRepository, type BookingChangeRow } from './booking-changes.repository.js';
export { cancelBookingJob } from './jobs/cancel-booking.job.js';
export { raiseCoverJob } from './jobs/raise-cover.job.js';
export { RAISE_COVER_JOB } from './cover-raise.js';
