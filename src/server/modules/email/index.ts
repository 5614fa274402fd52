export { createMail, DEFAULT_MAIL_FROM, DEFAULT_SALES_EMAIL, mailConfigFromEnv } from './mail.js';
export type { MailDeps } from './mail.js';
export { html } from './templates/html.js';
export type { SafeHtml } from './templates/html.js';
export type { BookingConfirmationInput, PostalAddress } from './templates/booking-confirmation.js';
export type { MailStatus, OutboxEntry, MailOutbox } from './outbox.js';
export { sendMailJob } from './jobs/send-mail.job.js';
export type { TrackingUpdateInput } from './templates/tracking-update.js';
