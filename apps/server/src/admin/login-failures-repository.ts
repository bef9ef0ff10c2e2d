// Failed admin logins per client (table admin_login_failures) for the lockout.
import type { Queryable } from '../db/database.js';

/** Records an attempt as failed until it is proven right, so parallel guesses count too. */
export async function recordAttempt(db: Queryable, clientKey: string): Promise<void> {
  await db.query(`INSERT INTO admin_login_failures (client_key) VALUES ($1)`, [clientKey]);
}

/** Serialises one client's login attempts until the transaction ends (check, then record). */
export async function lockClient(tx: Queryable, clientKey: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('admin-login:' || $1))`, [clientKey]);
}

/**
 * Until when the client is locked out, or null: locked once `max` attempts failed within
 * `windowMs` of the latest one, for `windowMs` after it.
 */
export async function lockedUntil(db: Queryable, clientKey: string, max: number, windowMs: number): Promise<Date | null> {
  const { rows } = await db.query<{ failures: number; latest: Date | string | null }>(
    `WITH recent AS (
       SELECT failed_at FROM admin_login_failures
        WHERE client_key = $1 AND failed_at > now() - 2 * $2 * interval '1 millisecond'),
     latest AS (SELECT max(failed_at) AS at FROM recent)
     SELECT (SELECT count(*)::int FROM recent, latest WHERE recent.failed_at > latest.at - $2 * interval '1 millisecond') AS failures,
            latest.at AS latest
       FROM latest`,
    [clientKey, windowMs],
  );
  const row = rows[0];
  if (!row?.latest || row.failures < max) return null;
  const until = new Date(new Date(row.latest).getTime() + windowMs);
  return until.getTime() > Date.now() ? until : null;
}

export async function clearFailures(db: Queryable, clientKey: string): Promise<void> {
  await db.query(`DELETE FROM admin_login_failures WHERE client_key = $1`, [clientKey]);
}

export async function deleteOldFailures(db: Queryable, windowMs: number): Promise<void> {
  await db.query(`DELETE FROM admin_login_failures WHERE failed_at < now() - 2 * $1 * interval '1 millisecond'`, [windowMs]);
}
