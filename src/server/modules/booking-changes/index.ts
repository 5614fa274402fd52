export { bookingChangesRoutes } from './booking-changes.routes.js';
export { BookingChangesService, changeView } from './booking-changes.service.js';
export type { BookingChangesDeps, ChangeActor } from './booking-changes.deps.js';
export { BookingChangesRepository, type BookingChangeRow } from './booking-changes.repository.js';
export { cancelBookingJob } from './jobs/cancel-booking.job.js';
export { raiseCoverJob } from './jobs/raise-cover.job.js';
export { checkBookingChangesJob } from './jobs/check-booking-changes.job.js';
