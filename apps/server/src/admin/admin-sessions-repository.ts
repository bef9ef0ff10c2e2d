// Admin sessions (table admin_sessions), known by the SHA-256 of the cookie's random token.
import type { Queryable } from '../db/database.js';

export interface StoredSession {
  csrfToken: string;
  expiresAt: Date;
}

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; csrfToken: string; maxAgeMs: number },
): Promise<StoredSession> {
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO admin_sessions (token_hash, csrf_token, expires_at)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond') RETURNING expires_at`,
    [session.tokenHash, session.csrfToken, session.maxAgeMs],
  );
  return { csrfToken: session.csrfToken, expiresAt: new Date(rows[0]?.expires_at ?? 0) };
}

/** The live session with this token, its idle clock restarted; null once idle or past its end. */
export async function touchSession(db: Queryable, tokenHash: string, idleMs: number): Promise<StoredSession | null> {
  const { rows } = await db.query<{ csrf_token: string; expires_at: Date | string }>(
    `UPDATE admin_sessions SET last_seen_at = now()
      WHERE token_hash = $1 AND expires_at > now() AND last_seen_at > now() - $2 * interval '1 millisecond'
      RETURNING csrf_token, expires_at`,
    [tokenHash, idleMs],
  );
  const row = rows[0];
  return row ? { csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) } : null;
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(`DELETE FROM admin_sessions WHERE token_hash = $1`, [tokenHash]);
}

export async function deleteDeadSessions(db: Queryable, idleMs: number): Promise<void> {
  await db.query(
    `DELETE FROM admin_sessions WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`,
    [idleMs],
  );
}
