// Admin login, sessions and CSRF (docs/decisions/005-admin-on-the-server.md). The cookie holds a
// random token; the database holds its SHA-256, the session's CSRF token and its idle and absolute
// limits.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.js';
import { deleteSession, insertSession, touchSession, type StoredSession } from './admin-sessions-repository.js';
import { VerifierBusyError, type PasswordVerifier } from './password-verifier.js';
import { clearFailures, lockClient, lockedUntil, recordAttempt } from './login-failures-repository.js';

export interface AdminAuthOptions {
  db: Database;
  passwordHash: string;
  /** Where the argon2id verifications run (worker threads, a bounded queue). */
  verifier: PasswordVerifier;
  sessionIdleMs: number;
  sessionMaxMs: number;
  maxFailedLogins: number;
  lockoutMs: number;
}

export type LoginResult =
  | { kind: 'ok'; token: string; session: StoredSession }
  | { kind: 'failed' }
  | { kind: 'locked'; until: Date }
  /** Too many logins are being checked right now (the attempt still counts towards the lockout). */
  | { kind: 'busy' };

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class AdminAuth {
  constructor(private readonly options: AdminAuthOptions) {}

  async login(password: string, clientKey: string): Promise<LoginResult> {
    const { db, maxFailedLogins, lockoutMs } = this.options;
    // The attempt is written before the password is checked: a burst of parallel guesses is
    // counted as it arrives, not after the slow hash of each.
    const until = await db.transaction(async (tx) => {
      await lockClient(tx, clientKey);
      const locked = await lockedUntil(tx, clientKey, maxFailedLogins, lockoutMs);
      if (!locked) await recordAttempt(tx, clientKey);
      return locked;
    });
    if (until) return { kind: 'locked', until };
    // Every wrong password costs the same: one argon2id verification, whatever was typed.
    let matches: boolean;
    try {
      matches = await this.options.verifier.verify(password, this.options.passwordHash);
    } catch (error) {
      if (error instanceof VerifierBusyError) return { kind: 'busy' };
      throw error;
    }
    if (!matches) return { kind: 'failed' };
    await clearFailures(db, clientKey);
    const token = randomBytes(32).toString('base64url');
    const session = await insertSession(db, {
      tokenHash: tokenHash(token),
      csrfToken: randomBytes(32).toString('base64url'),
      maxAgeMs: this.options.sessionMaxMs,
    });
    return { kind: 'ok', token, session };
  }

  /** The session of a cookie's token, kept alive by this request; null when there is none. */
  async session(token: string | undefined): Promise<StoredSession | null> {
    if (!token || token.length > 100) return null;
    return touchSession(this.options.db, tokenHash(token), this.options.sessionIdleMs);
  }

  async logout(token: string): Promise<void> {
    await deleteSession(this.options.db, tokenHash(token));
  }
}
