// Which backups `npm run backup -- --prune` deletes (docs/operations.md, "Backups"; decision 093).

/** The retention a small business keeps (the reasons are in docs/operations.md). */
export const RETENTION = {
  /** Every backup younger than this many hours (the hourly ones). */
  everyForHours: 48,
  /** The newest of each day (UTC) for this many days. */
  dailyForDays: 30,
  /** The newest of each month (UTC) for this many days: a year and a day. */
  monthlyForDays: 366,
} as const;

export interface KeptBackup {
  name: string;
  /** Backups of different databases are kept apart: each has its own newest. */
  engine: string;
  at: Date;
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The backups to delete at `now`: everything that no rule keeps. Kept: every backup of the last
 * 48 hours; the newest of each day for 30 days; the newest of each month for a year; and, whatever
 * its age, the newest backup of each database. A backup dated in the future is kept.
 */
export function backupsToDelete(backups: readonly KeptBackup[], now: Date): KeptBackup[] {
  const keep = new Set<KeptBackup>();
  const newestBy = new Map<string, KeptBackup>();
  const newest = (key: string, backup: KeptBackup) => {
    const held = newestBy.get(key);
    if (!held || backup.at > held.at) newestBy.set(key, backup);
  };
  for (const backup of backups) {
    const age = now.getTime() - backup.at.getTime();
    const day = backup.at.toISOString().slice(0, 10);
    const month = day.slice(0, 7);
    newest(`${backup.engine} newest`, backup);
    if (age < RETENTION.everyForHours * HOUR) keep.add(backup);
    if (age < RETENTION.dailyForDays * DAY) newest(`${backup.engine} day ${day}`, backup);
    if (age < RETENTION.monthlyForDays * DAY) newest(`${backup.engine} month ${month}`, backup);
  }
  for (const backup of newestBy.values()) keep.add(backup);
  return backups.filter((backup) => !keep.has(backup));
}
