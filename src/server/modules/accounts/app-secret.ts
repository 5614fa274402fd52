import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';

/**
 * The secret that signs session cookies and emailed order links: AUTH_SECRET when set, else one
 * the site generated on its first start and keeps in the database, so every process and every
 * restart signs with the same one and a fresh install needs no configuration.
 */
export async function authSecret(
  database: Database,
  clock: Clock,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await database.query(
    `INSERT INTO app_secrets (name, value, created_at) VALUES ('auth', $1, $2)
     ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url'), clock.now()],
  );
  const [row] = await database.query<{ value: string }>(
    `SELECT value FROM app_secrets WHERE name = 'auth'`,
  );
  if (!row) throw new Error('the auth secret could not be stored');
  return row.value;
}
