// The admin password (docs/decisions/005-admin-on-the-server.md): from ADMIN_PASSWORD (hashed at start) or
// ADMIN_PASSWORD_HASH; with neither, generated once for the whole deployment and kept only as a
// hash in the database. There is no default password.
import { randomBytes } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import type { Queryable } from '../db/database.js';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~50 ms per login here, far too slow to guess at.
// Logins are checked in worker threads (password-verifier.ts).
const ARGON2_COST = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...ARGON2_COST, password, salt: randomBytes(16), outputType: 'encoded' });
}

export interface AdminPassword {
  hash: string;
  /** Set only when this process just generated the password: print it, once. */
  generated?: string;
}

export async function resolveAdminPassword(
  db: Queryable,
  configured: { password: string | undefined; passwordHash: string | undefined },
): Promise<AdminPassword> {
  if (configured.passwordHash) return { hash: configured.passwordHash };
  if (configured.password) return { hash: await hashPassword(configured.password) };
  const stored = await db.query<{ password_hash: string }>(`SELECT password_hash FROM admin_credentials WHERE id = 1`);
  if (stored.rows[0]) return { hash: stored.rows[0].password_hash };
  const generated = randomBytes(18).toString('base64url');
  const hash = await hashPassword(generated);
  // Several processes starting at once: one insert wins, the others use its hash.
  const inserted = await db.query<{ password_hash: string }>(
    `INSERT INTO admin_credentials (id, password_hash) VALUES (1, $1) ON CONFLICT (id) DO NOTHING RETURNING password_hash`,
    [hash],
  );
  if (inserted.rows[0]) return { hash, generated };
  const winner = await db.query<{ password_hash: string }>(`SELECT password_hash FROM admin_credentials WHERE id = 1`);
  return { hash: winner.rows[0]?.password_hash ?? hash };
}
