import { describe, expect, it } from 'vitest';
import { backupsToDelete, type KeptBackup } from './backup-retention.js';

const now = new Date('2026-12-01T12:30:00Z');
const HOUR = 60 * 60_000;

/** One backup an hour, every hour, for `hours` hours before now. */
function hourly(hours: number, engine = 'pglite'): KeptBackup[] {
  return Array.from({ length: hours }, (_, i) => {
    const at = new Date(now.getTime() - i * HOUR);
    return { name: `${engine} ${at.toISOString()}`, engine, at };
  });
}

const names = (backups: KeptBackup[]) => new Set(backups.map((b) => b.at.toISOString()));

describe('backup retention', () => {
  it('keeps every backup of the last 48 hours, one a day for 30 days, one a month for a year', () => {
    const backups = hourly(2 * 366 * 24);
    const deleted = new Set(backupsToDelete(backups, now));
    const kept = backups.filter((b) => !deleted.has(b));
    const recent = kept.filter((b) => now.getTime() - b.at.getTime() < 48 * HOUR);
    expect(recent).toHaveLength(48);
    // Older than 48 hours, younger than 30 days: the newest of each day, its 23:30 backup (the
    // last three days' newest are among the 48 hours already).
    const daily = kept.filter((b) => {
      const age = now.getTime() - b.at.getTime();
      return age >= 48 * HOUR && age < 30 * 24 * HOUR;
    });
    expect(daily.every((b) => b.at.getUTCHours() === 23)).toBe(true);
    expect(daily.length).toBe(28);
    // Older than 30 days: the newest of each month, for a year and a day.
    const monthly = kept.filter((b) => now.getTime() - b.at.getTime() >= 30 * 24 * HOUR);
    expect([...names(monthly)]).toEqual([
      '2026-10-31T23:30:00.000Z',
      '2026-09-30T23:30:00.000Z',
      '2026-08-31T23:30:00.000Z',
      '2026-07-31T23:30:00.000Z',
      '2026-06-30T23:30:00.000Z',
      '2026-05-31T23:30:00.000Z',
      '2026-04-30T23:30:00.000Z',
      '2026-03-31T23:30:00.000Z',
      '2026-02-28T23:30:00.000Z',
      '2026-01-31T23:30:00.000Z',
      '2025-12-31T23:30:00.000Z',
      // 365 days and 13 hours old: the newest of its month, and within a year and a day.
      '2025-11-30T23:30:00.000Z',
    ]);
    expect(kept).toHaveLength(48 + 28 + 12);
  });

  it('always keeps the newest backup of each database, however old', () => {
    const old = new Date(now.getTime() - 3 * 366 * 24 * HOUR);
    const older = new Date(old.getTime() - HOUR);
    const backups: KeptBackup[] = [
      { name: 'a', engine: 'pglite', at: old },
      { name: 'b', engine: 'pglite', at: older },
      { name: 'c', engine: 'postgres', at: older },
    ];
    expect(backupsToDelete(backups, now).map((b) => b.name)).toEqual(['b']);
  });

  it('deletes nothing of a run of hourly backups younger than 48 hours', () => {
    const backups = [...hourly(48), ...hourly(48, 'postgres')];
    expect(backupsToDelete(backups, now)).toEqual([]);
  });
});
