// What `npm run backup` and `npm run restore` share: the database they act on, read from the
// site's own variables (DATA_DIR, DATABASE_URL), and how they word sizes and counts.
import { isAbsolute, relative, resolve } from 'node:path';
import type { DatabaseTarget } from '../../src/server/backup.js';
import type { RowCounts } from '../../src/server/db/backup.js';
import type { RestorePlan } from '../../src/server/db/restore-mark.js';
import { EnvSchema } from '../../src/server/env.js';

/**
 * DATA_DIR and DATABASE_URL as the site reads them (an empty value is unset). Only these two: a
 * backup run from cron need not carry the site's other settings.
 */
export function databaseTarget(source: NodeJS.ProcessEnv): DatabaseTarget {
  const cleaned = Object.fromEntries(
    ['DATA_DIR', 'DATABASE_URL'].flatMap((name) => (source[name] ? [[name, source[name]]] : [])),
  );
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
  return { dataDir: resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

const number = new Intl.NumberFormat('en-GB');

export function formatCounts(counts: RowCounts): string {
  const plural = (n: number, one: string, many: string) =>
    `${number.format(n)} ${n === 1 ? one : many}`;
  return [
    plural(counts.orders, 'order', 'orders'),
    plural(counts.payments, 'payment', 'payments'),
    plural(counts.emails, 'email', 'emails'),
  ].join(', ');
}

/** What the site started on restored data does before any courier, card or mail job runs. */
export function restorePlanText(plan: RestorePlan): string {
  const plural = (n: number, one: string, many: string) =>
    `${number.format(n)} ${n === 1 ? one : many}`;
  const taken = plan.backupTakenAt
    ? `The backup was taken at ${plan.backupTakenAt.toISOString()}.`
    : 'When the backup was taken is not recorded in it.';
  return (
    `${taken} When the site starts on this data, before any job reaches the courier, the card ` +
    `provider or the mail server, it reconciles with them:\n` +
    `  - asks the courier what it booked under our reference for ${plural(plan.bookings, 'order', 'orders')} waiting for or in the middle of a booking, and settles each from the answer;\n` +
    `  - asks the courier (a cover raise the card provider first) what it has of ${plural(plan.changes, 'booking change', 'booking changes')} under way (cancellations, new days, contacts, cover raises), and settles each from the answer;\n` +
    `  - asks the card provider the real state of ${plural(plan.payments, 'payment', 'payments')} waiting to be captured or released;\n` +
    `  - asks the card provider for ${plural(plan.refunds, 'refund', 'refunds')} under way, each by its own key, and settles each from the answer;\n` +
    `  - holds ${plural(plan.emails, 'email', 'emails')} not yet sent: an operator sends or discards each (console, Mail, "Held").\n` +
    `The console's Mail page shows what it found.\n`
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A path as the person who ran the command reads it best: from here when it is below here. */
export function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere : path;
}
