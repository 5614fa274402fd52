import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle's view of the tables. The SQL in ./migrations is the source of truth for the
 * database; db/schema.test.ts checks that the two agree.
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
  },
  (t) => [index('contact_messages_received_at_idx').on(t.receivedAt.desc())],
);

export const schemaMigrations = pgTable('schema_migrations', {
  version: text('version').primaryKey(),
  name: text('name').notNull(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
});

export const schema = { countries, rateTables, rates, contactMessages, schemaMigrations };
