import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../domain/audit-actions.js';
import type { OfferedService, OrderAddress } from '../../domain/order.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../domain/order-states.js';
import { REFUND_REQUESTERS, REFUND_STATUSES } from '../../domain/refunds.js';
import { SHIPMENT_FLAGS, TRACKING_STATUSES } from '../../domain/tracking.js';
import { BOOKING_CHANGE_KINDS, BOOKING_CHANGE_STATUSES } from '../../domain/booking-changes.js';
import {
  CLAIM_EVIDENCE_FILE_TYPES,
  CLAIM_EVIDENCE_KIND_NAMES,
  CLAIM_KINDS,
  CLAIM_STATES,
  type ClaimedItem,
  type ClaimLine,
} from '../../domain/claims.js';

/**
 * Drizzle's view of every table. The SQL in ./migrations is the source of truth for the
 * database; db/schema.test.ts checks that the two agree, column by column. Each table is reached
 * one way only (decision 015): through Drizzle by its repository, or, where marked "raw SQL",
 * by the one owner named on it (the definition then documents the columns and is checked all
 * the same).
 */
export const countries = pgTable(
  'countries',
  {
    countryId: integer('country_id').primaryKey(),
    title: text('title').notNull(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    role: text('role', { enum: ['collection', 'destination'] }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    flagPath: text('flag_path').notNull(),
  },
  (t) => [check('countries_role_check', sql`${t.role} in ('collection', 'destination')`)],
);

export const rateTables = pgTable('rate_tables', {
  service: text('service', { enum: ['economy', 'express'] }).primaryKey(),
  title: text('title').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const rates = pgTable(
  'rates',
  {
    service: text('service', { enum: ['economy', 'express'] })
      .notNull()
      .references(() => rateTables.service),
    destinationCountryId: integer('destination_country_id')
      .notNull()
      .references(() => countries.countryId),
    weightKg: integer('weight_kg').notNull(),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.destinationCountryId, t.weightKg] })],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    newsOptIn: boolean('news_opt_in').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When an operator read it (migration 0020); null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_received_at_idx').on(t.receivedAt.desc())],
);

/** Raw SQL: the migration runner (db/migrate.ts), which runs before any table exists. */
export const schemaMigrations = pgTable('schema_migrations', {
  version: text('version').primaryKey(),
  name: text('name').notNull(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
});

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  collectionCountryId: integer('collection_country_id')
    .notNull()
    .references(() => countries.countryId),
  collectionPostcode: text('collection_postcode').notNull(),
  destinationCountryId: integer('destination_country_id')
    .notNull()
    .references(() => countries.countryId),
  destinationPostcode: text('destination_postcode').notNull(),
  smallBoxes: integer('small_boxes').notNull(),
  largeBoxes: integer('large_boxes').notNull(),
  totalWeightKg: integer('total_weight_kg').notNull(),
  offeredServices: jsonb('offered_services').$type<OfferedService[]>().notNull(),
  selectedService: text('selected_service', { enum: ['express', 'economy'] }),
  pricePence: integer('price_pence'),
  collectionAddress: jsonb('collection_address').$type<OrderAddress>(),
  deliveryAddress: jsonb('delivery_address').$type<OrderAddress>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  collectionDate: date('collection_date', { mode: 'string' }),
  courierServiceId: integer('courier_service_id'),
  collectionOptionId: integer('collection_option_id'),
  declaredAt: timestamp('declared_at', { withTimezone: true }),
  /** The payment step's tick (migration 0040): Terms accepted, nothing prohibited inside. */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  paymentAttempt: integer('payment_attempt').notNull().default(1),
  courierReference: text('courier_reference'),
  trackingUrl: text('tracking_url'),
  bookedAt: timestamp('booked_at', { withTimezone: true }),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  bookingStartedAt: timestamp('booking_started_at', { withTimezone: true }),
  /** The process that marked it `booking` (migration 0191, decision 142). */
  bookingProcess: text('booking_process'),
  /** The account the order belongs to (migration 0014), once its owner signed in. */
  userId: text('user_id'),
  /** When the customer last saved each step (migration 0100), for the console's timeline. */
  serviceChosenAt: timestamp('service_chosen_at', { withTimezone: true }),
  collectionAddressSavedAt: timestamp('collection_address_saved_at', { withTimezone: true }),
  deliveryAddressSavedAt: timestamp('delivery_address_saved_at', { withTimezone: true }),
  collectionDateChosenAt: timestamp('collection_date_chosen_at', { withTimezone: true }),
  /**
   * The cover chosen (migration 0160): its whole level, null while only the included cover; what
   * the extra cover costs (part of `pricePence`); the cover settings' version it was priced at.
   */
  coverPence: integer('cover_pence'),
  coverPricePence: integer('cover_price_pence').notNull().default(0),
  coverSettingsVersion: integer('cover_settings_version'),
  /**
   * The declaration's personal-effects switch (migration 0165): the recipient's own used
   * belongings, and when the customer last changed it.
   */
  personalEffects: boolean('personal_effects').notNull().default(false),
  personalEffectsSetAt: timestamp('personal_effects_set_at', { withTimezone: true }),
  /**
   * The email of the person who booked (migration 0185): the collection step's email, written
   * with it until the order is paid; a later change of collection contact leaves it.
   */
  bookerEmail: text('booker_email'),
});

/** The browsers (hashed guest-session cookies) that may open an order (migration 0014). */
export const orderGuests = pgTable(
  'order_guests',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    guestHash: text('guest_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.guestHash] })],
);

/** "Manage my booking" links: single-use, expiring, stored hashed (migration 0015). */
export const bookingLinks = pgTable(
  'booking_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('booking_links_order_id_idx').on(t.orderId)],
);

/** Sign-ups waiting for their emailed link (migration 0125): the password only as its hash. */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    guestHash: text('guest_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('pending_sign_ups_expires_at_idx').on(t.expiresAt)],
);

export const orderItems = pgTable('order_items', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  parcelKey: text('parcel_key').notNull(),
  name: text('name').notNull(),
  commodityCode: text('commodity_code').notNull(),
  commodityDescription: text('commodity_description').notNull(),
  numberOfUnits: integer('number_of_units').notNull(),
  unitValuePence: integer('unit_value_pence').notNull(),
  unitWeightGrams: integer('unit_weight_grams').notNull(),
  countryOfOrigin: char('country_of_origin', { length: 2 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** An account's saved items (migration 0060): copies of declared items, reused later. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    commodityCode: text('commodity_code').notNull(),
    commodityDescription: text('commodity_description').notNull(),
    numberOfUnits: integer('number_of_units').notNull(),
    unitValuePence: integer('unit_value_pence').notNull(),
    unitWeightGrams: integer('unit_weight_grams').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('saved_items_once').on(
      t.userId,
      t.name,
      t.commodityCode,
      t.numberOfUnits,
      t.unitValuePence,
      t.unitWeightGrams,
    ),
  ],
);

export const courierRoutes = pgTable(
  'courier_routes',
  {
    collectionCountryId: integer('collection_country_id').notNull(),
    destinationCountryId: integer('destination_country_id').notNull(),
    smallBoxes: integer('small_boxes').notNull(),
    largeBoxes: integer('large_boxes').notNull(),
    /** The courier port's RouteService[] (typed by the courier-routes repository). */
    services: jsonb('services').$type<unknown[]>(),
    /** The courier port's RouteQuery. */
    lastQuery: jsonb('last_query').$type<unknown>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({
      columns: [t.collectionCountryId, t.destinationCountryId, t.smallBoxes, t.largeBoxes],
    }),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Raw SQL: the mail outbox, delivered by `send-mail` jobs (modules/email: outbox.ts, mail-delivery.ts, docs/email.md). */
export const mail = pgTable(
  'mail',
  {
    id: uuid('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique('mail_idempotency_key_unique'),
    kind: text('kind').notNull(),
    messageId: text('message_id').notNull().unique('mail_message_id_unique'),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    htmlBody: text('html_body').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status', {
      enum: ['pending', 'sending', 'sent', 'failed', 'unknown', 'held', 'discarded'],
    })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimToken: uuid('claim_token'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    lastError: text('last_error'),
    transportResponse: text('transport_response'),
    /** The mail server's queue id from its final reply (migration 0130), when it gave one. */
    serverQueueId: text('server_queue_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The order the email is about (migration 0100); null for mail about no order. */
    orderId: uuid('order_id'),
  },
  (t) => [
    check(
      'mail_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'unknown', 'held', 'discarded')`,
    ),
    index('mail_created_idx').on(t.createdAt),
    index('mail_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Raw SQL: with the mail outbox above. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mail.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);

/** Raw SQL: the local mailbox transport (providers/email), a provider's own store. */
export const mailboxMessages = pgTable('mailbox_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  messageId: text('message_id').notNull().unique('mailbox_messages_message_id_unique'),
  envelopeFrom: text('envelope_from').notNull(),
  envelopeTo: text('envelope_to').notNull(),
  subject: text('subject').notNull(),
  raw: bytea('raw').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Payments made with the provider for an order (migration 0007, docs/orders.md). */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique('payments_idempotency_key_unique'),
  amountPence: integer('amount_pence').notNull(),
  currency: char('currency', { length: 3 }).notNull().default('GBP'),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
  clientSecret: text('client_secret').notNull(),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The card's last four digits, when the provider gave them (migration 0140). */
  cardLast4: text('card_last4'),
  /**
   * What it pays for (migration 0170): the order (its payment attempts at /pay) or a later
   * change to the booking, a cover raise, named by `bookingChangeId`.
   */
  kind: text('kind', { enum: ['order', 'cover'] })
    .notNull()
    .default('order'),
  bookingChangeId: uuid('booking_change_id').references(() => bookingChanges.id, {
    onDelete: 'set null',
  }),
});

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const orderDocuments = pgTable('order_documents', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  kind: text('kind', { enum: ['label', 'document'] }).notNull(),
  title: text('title').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The courier's BookShipment reply, stored before anything else (`modules/checkout`). */
export const courierBookingReplies = pgTable(
  'courier_booking_replies',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentAttempt: integer('payment_attempt').notNull(),
    courierReference: text('courier_reference').notNull(),
    reply: jsonb('reply').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.paymentAttempt] })],
);

/**
 * Every courier call made for an order (migration 0100, `modules/checkout`): the request without
 * credentials, the reply without label and document contents. A log for operators, written
 * after the booking's own writes; no foreign key, so it never waits on a locked order row.
 */
export const courierExchanges = pgTable(
  'courier_exchanges',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    operation: text('operation').notNull(),
    request: jsonb('request').$type<unknown>().notNull(),
    httpStatus: integer('http_status'),
    outcome: text('outcome').notNull(),
    reply: jsonb('reply').$type<unknown>(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('courier_exchanges_order_idx').on(t.orderId, t.at)],
);

/**
 * Refunds asked of the card provider (migrations 0090 and 0140, modules/checkout): by an operator
 * from the console, by the customer or by the site (a cancellation).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull().unique('payment_refunds_request_key_key'),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    requestedBy: text('requested_by', { enum: REFUND_REQUESTERS }).notNull().default('operator'),
    /** The operator who asked (requested_by `operator` only). */
    adminId: text('admin_id'),
    adminEmail: text('admin_email'),
    /** The customer's email when the customer asked. */
    requesterEmail: text('requester_email'),
    reason: text('reason'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When it ended: succeeded, failed or refunded outside the site. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The operator's note when they marked it refunded outside the site. */
    note: text('note'),
    resolvedByEmail: text('resolved_by_email'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** How many times an operator sent it to the provider again. */
    retries: integer('retries').notNull().default(0),
  },
  (t) => [index('payment_refunds_order_idx').on(t.orderId, t.createdAt)],
);

/** Raw SQL: the card sandbox's refunds by idempotency key (providers/payment/sandbox). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Raw SQL: the job engine (jobs/job-queue.ts): lease claims with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  key: text('key').notNull().unique('jobs_key_unique'),
  payload: jsonb('payload').notNull(),
  status: text('status', { enum: ['pending', 'running', 'done', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  claimToken: uuid('claim_token'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Raw SQL: the card sandbox (providers/payment/sandbox), a provider's own store. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  amountPence: integer('amount_pence').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  status: text('status').notNull(),
  clientSecret: text('client_secret').notNull(),
  metadata: jsonb('metadata').notNull(),
  cardLast4: text('card_last4'),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  amountRefundedPence: integer('amount_refunded_pence').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Accounts (migration 0013): better-auth's models under our table names (docs/accounts.md). */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role', { enum: ['customer', 'admin'] })
    .notNull()
    .default('customer'),
  /** Two-step sign-in is on (migration 0115, decision 074). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const authAccounts = pgTable('auth_accounts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scope: text('scope'),
  password: text('password'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Two-step sign-in (migration 0115): better-auth's two-factor plugin's model. The secret and the
 * recovery codes are encrypted by better-auth; `verified` is false until enrolment is confirmed.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique('two_factors_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** One-time links that make an existing account an operator (migration 0120). */
export const operatorInvitations = pgTable('operator_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  invitedBy: text('invited_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Sign-in hardening (migration 0175, decision 115), raw SQL owned by `modules/accounts`: the last
 * authenticator time step each account used, wrong passwords and codes per account whatever the
 * address, and when each session began and was last used on the site's clock.
 */
export const totpLastSteps = pgTable('totp_last_steps', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
});

export const signInWaits = pgTable('sign_in_waits', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull(),
  lastTryAt: timestamp('last_try_at', { withTimezone: true }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

export const sessionActivity = pgTable('session_activity', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Every operator action (migration 0020): who, when and what; written only through the audit
 * entry (modules/operator-actions), its action one of AUDIT_ACTIONS.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at.desc(), t.id.desc())],
);

/** A price cell of a rate table, as rate versions keep them. */
export interface RateCell {
  service: 'economy' | 'express';
  destinationCountryId: number;
  weightKg: number;
  pricePence: number;
}

/** A cell a rate version changed: null before (added) or after (removed). */
export interface RateChange {
  service: 'economy' | 'express';
  destinationCountryId: number;
  weightKg: number;
  beforePence: number | null;
  afterPence: number | null;
}

/** Each save of the rate tables (migration 0020); modules/catalog writes it with the rates. */
export const rateVersions = pgTable('rate_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  adminId: text('admin_id').notNull(),
  adminEmail: text('admin_email').notNull(),
  note: text('note').notNull(),
  prices: jsonb('prices').$type<RateCell[]>().notNull(),
  changes: jsonb('changes').$type<RateChange[]>().notNull(),
});

/** Each save of the cover settings (migration 0160); modules/catalog writes it. */
export const coverSettingsVersions = pgTable('cover_settings_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  adminId: text('admin_id').notNull(),
  adminEmail: text('admin_email').notNull(),
  note: text('note').notNull(),
  includedPence: integer('included_pence').notNull(),
  percentBasisPoints: integer('percent_basis_points').notNull(),
  maxCoverPence: integer('max_cover_pence').notNull(),
});

/** Operators' internal notes on an order (migration 0085); modules/admin writes them. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt.desc())],
);

/** A booked order's tracking (migration 0135, modules/tracking): its polling and its status. */
export const shipments = pgTable(
  'shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courierReference: text('courier_reference').notNull(),
    status: text('status', { enum: TRACKING_STATUSES }).notNull(),
    flag: text('flag', { enum: SHIPMENT_FLAGS }),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    expectedDelivery: date('expected_delivery', { mode: 'string' }).notNull(),
    boxCount: integer('box_count').notNull(),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    polls: integer('polls').notNull().default(0),
    lastError: text('last_error'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    missedAt: timestamp('missed_at', { withTimezone: true }),
    rebookedAt: timestamp('rebooked_at', { withTimezone: true }),
    rebookings: integer('rebookings').notNull().default(0),
    rebookingDate: date('rebooking_date', { mode: 'string' }),
    reminderSentFor: date('reminder_sent_for', { mode: 'string' }),
    reminderEmails: boolean('reminder_emails').notNull().default(true),
    updateEmails: boolean('update_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('shipments_next_poll_idx')
      .on(t.nextPollAt)
      .where(sql`${t.nextPollAt} IS NOT NULL`),
    index('shipments_status_idx').on(t.status, t.collectionDate.desc()),
    index('shipments_flag_idx')
      .on(t.flag)
      .where(sql`${t.flag} IS NOT NULL`),
  ],
);

/** Each box of a shipment as the courier names it, with its status (migration 0135). */
export const shipmentParcels = pgTable(
  'shipment_parcels',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => shipments.orderId, { onDelete: 'cascade' }),
    parcelReference: text('parcel_reference').notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: TRACKING_STATUSES }).notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.parcelReference] })],
);

/** Every courier event of every box, stored once (migration 0135). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => shipments.orderId, { onDelete: 'cascade' }),
    parcelReference: text('parcel_reference').notNull(),
    courierCode: text('courier_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status', { enum: TRACKING_STATUSES }).notNull(),
    recognised: boolean('recognised').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    reason: text('reason'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.parcelReference, t.courierCode, t.at] })],
);

/** Changes to a booked order after payment (migration 0145, modules/booking-changes). */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_CHANGE_KINDS }).notNull(),
    status: text('status', { enum: BOOKING_CHANGE_STATUSES }).notNull(),
    byKind: text('by_kind', { enum: ['customer', 'operator'] }).notNull(),
    byEmail: text('by_email'),
    byId: text('by_id'),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    courierAnswer: text('courier_answer'),
    requestKey: text('request_key').notNull().unique('booking_changes_request_key_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_changes_order_idx').on(t.orderId, t.createdAt)],
);

/** An account's address book (migration 0155, modules/address-book). */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['collection', 'delivery'] }).notNull(),
    label: text('label').notNull().default(''),
    countryId: integer('country_id').notNull(),
    countryCode: text('country_code').notNull(),
    postcode: text('postcode').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    street: text('street').notNull(),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    instructions: text('instructions').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('saved_addresses_role_check', sql`${t.role} in ('collection', 'delivery')`),
    unique('saved_addresses_once').on(t.userId, t.role, t.fingerprint),
    index('saved_addresses_by_user').on(t.userId, t.updatedAt.desc()),
  ],
);

/** Raw SQL (`restore-reconciliation.ts`, `backup.ts`): when each backup was taken (0191). */
export const backupsTaken = pgTable('backups_taken', {
  takenAt: timestamp('taken_at', { withTimezone: true }).primaryKey(),
});

/** Raw SQL: each restore of this database and its reconciliation (migration 0191, decision 141). */
export const siteRestores = pgTable(
  'site_restores',
  {
    id: uuid('id').primaryKey(),
    restoredAt: timestamp('restored_at', { withTimezone: true }).notNull(),
    backupTakenAt: timestamp('backup_taken_at', { withTimezone: true }),
    backupFile: text('backup_file').notNull(),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    outcome: jsonb('outcome'),
  },
  (t) => [index('site_restores_open_idx').on(t.restoredAt)],
);

/** Claims for a lost or damaged box (migration 0192, modules/claims; docs/claims.md). */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    boxNumber: integer('box_number').notNull(),
    parcelReference: text('parcel_reference').notNull(),
    kind: text('kind', { enum: CLAIM_KINDS }).notNull(),
    state: text('state', { enum: CLAIM_STATES as [string, ...string[]] })
      .$type<(typeof CLAIM_STATES)[number]>()
      .notNull(),
    description: text('description').notNull(),
    items: jsonb('items').$type<Required<ClaimedItem>[]>().notNull(),
    lines: jsonb('lines').$type<ClaimLine[]>().notNull(),
    itemsPence: integer('items_pence').notNull(),
    coverLeftPence: integer('cover_left_pence').notNull(),
    payablePence: integer('payable_pence').notNull(),
    requestKey: text('request_key').notNull().unique('claims_request_key_key'),
    courierClaimReference: text('courier_claim_reference'),
    decisionExtent: text('decision_extent', { enum: ['full', 'part'] }),
    decisionAmountPence: integer('decision_amount_pence'),
    decisionReason: text('decision_reason'),
    decisionRule: text('decision_rule'),
    decidedByEmail: text('decided_by_email'),
    paymentMethod: text('payment_method', { enum: ['refund', 'bank'] }),
    refundId: uuid('refund_id'),
    bankReference: text('bank_reference'),
    stateEnteredAt: timestamp('state_entered_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    withCourierAt: timestamp('with_courier_at', { withTimezone: true }),
    moreInfoNeededAt: timestamp('more_info_needed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The bank account sealed for this claim (bank-details.ts), until the payment is recorded. */
    bankDetailsSealed: text('bank_details_sealed'),
    bankDetailsMasked: jsonb('bank_details_masked').$type<{
      accountName: string;
      sortCode: string;
      accountNumber: string;
    }>(),
    bankDetailsAt: timestamp('bank_details_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('claims_order_idx').on(t.orderId, t.createdAt)],
);

/** A claim's evidence files: what each is; the bytes are in DATA_DIR (migration 0193). */
export const claimEvidence = pgTable(
  'claim_evidence',
  {
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLAIM_EVIDENCE_KIND_NAMES }).notNull(),
    name: text('name').notNull(),
    detectedType: text('detected_type', { enum: CLAIM_EVIDENCE_FILE_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageId: uuid('storage_id').notNull().unique('claim_evidence_storage_key'),
    uploadedBy: text('uploaded_by', { enum: ['customer', 'operator'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('claim_evidence_claim_idx').on(t.claimId, t.seq)],
);

/** A claim's timeline: its state changes, the customer's messages, the operators' requests. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['state', 'customer_message', 'operator_request'] }).notNull(),
    state: text('state'),
    byKind: text('by_kind', { enum: ['customer', 'operator', 'site'] }).notNull(),
    byEmail: text('by_email'),
    text: text('text').notNull(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.seq)],
);

export const schema = {
  claims,
  claimEvents,
  claimEvidence,
  backupsTaken,
  siteRestores,
  savedAddresses,
  bookingChanges,
  shipments,
  shipmentParcels,
  trackingEvents,
  adminAuditLog,
  operatorInvitations,
  orderNotes,
  rateVersions,
  coverSettingsVersions,
  countries,
  rateTables,
  rates,
  contactMessages,
  schemaMigrations,
  orders,
  orderItems,
  courierRoutes,
  mail,
  mailAttachments,
  mailboxMessages,
  payments,
  paymentEvents,
  orderDocuments,
  courierBookingReplies,
  courierExchanges,
  jobs,
  sandboxPayments,
  paymentRefunds,
  sandboxRefunds,
  users,
  sessions,
  authAccounts,
  verifications,
  twoFactors,
  rateLimits,
  totpLastSteps,
  signInWaits,
  sessionActivity,
  appSecrets,
  orderGuests,
  bookingLinks,
  pendingSignUps,
  savedItems,
};
