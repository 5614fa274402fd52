import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';

/**
 * How long an operator's session lasts (decision 115): at most `maxHours` after it began, and
 * `idleMinutes` after it was last used, on the site's clock. Settings: OPERATOR_SESSION_MAX_HOURS
 * and OPERATOR_SESSION_IDLE_MINUTES. A customer's session keeps its 30 days, renewed on use.
 */
export interface OperatorSessionLimits {
  maxHours: number;
  idleMinutes: number;
}

/** How often an operator's session's last use is written. */
const TOUCH_EVERY_MS = 60_000;

export const DEFAULT_OPERATOR_SESSION_LIMITS: OperatorSessionLimits = {
  maxHours: 12,
  idleMinutes: 30,
};

/**
 * When each session began and was last used (`session_activity`, migration 0175): written when
 * better-auth creates a session (its database hook, auth.ts), read and moved on every request of
 * an operator's session.
 */
export class SessionActivity {
  readonly limits: OperatorSessionLimits;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    limits: Partial<OperatorSessionLimits> = {},
  ) {
    this.limits = { ...DEFAULT_OPERATOR_SESSION_LIMITS, ...limits };
  }

  /**
   * An operator's session used now: true while it is within both limits, false once either has
   * passed (the caller then ends it). A session with no record (none is made without one) has
   * ended too. Its last use is written at most once a minute, so a console page's many requests
   * cost one read each; the idle limit counts from the minute.
   */
  async operatorSessionUsed(sessionId: string): Promise<boolean> {
    const now = this.clock.now();
    const [row] = await this.database.query<{
      started_at: Date | string;
      last_active_at: Date | string;
    }>(`SELECT started_at, last_active_at FROM session_activity WHERE session_id = $1`, [
      sessionId,
    ]);
    if (!row) return false;
    const lastActive = new Date(row.last_active_at).getTime();
    if (
      new Date(row.started_at).getTime() <= now.getTime() - this.limits.maxHours * 3_600_000 ||
      lastActive <= now.getTime() - this.limits.idleMinutes * 60_000
    ) {
      return false;
    }
    if (now.getTime() - lastActive >= TOUCH_EVERY_MS) {
      await this.database.query(
        `UPDATE session_activity SET last_active_at = $2
          WHERE session_id = $1 AND last_active_at < $2`,
        [sessionId, now],
      );
    }
    return true;
  }

  /** The Set-Cookie headers of a new operator session: its cookie ends with the session. */
  capSessionCookie(cookies: string[]): string[] {
    const seconds = this.limits.maxHours * 3600;
    return cookies.map((cookie) => {
      if (!/^(__Secure-)?[^=;]*\.session_token=/.test(cookie)) return cookie;
      const attributes = cookie.split(';').filter((part) => !/^\s*expires=/i.test(part));
      const withAge = attributes.map((part) => {
        const age = /^\s*max-age=(\d+)\s*$/i.exec(part);
        return age ? ` Max-Age=${Math.min(Number(age[1]), seconds)}` : part;
      });
      return withAge.some((part) => /^\s*max-age=/i.test(part))
        ? withAge.join(';')
        : `${withAge.join(';')}; Max-Age=${seconds}`;
    });
  }
}

/** Records a new session's start and first use (better-auth's session hook, auth.ts). */
export async function recordSessionStart(
  database: Database,
  clock: Clock,
  sessionId: string,
): Promise<void> {
  const now = clock.now();
  await database.query(
    `INSERT INTO session_activity (session_id, started_at, last_active_at) VALUES ($1, $2, $2)
     ON CONFLICT (session_id) DO NOTHING`,
    [sessionId, now],
  );
}
