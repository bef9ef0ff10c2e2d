// Runs in a thread of the admin password pool (src/admin/password-verifier.ts): one argon2id
// verification, ~50 ms of CPU that would otherwise hold up every other request. Plain JavaScript,
// outside src/, so that the same file runs under the compiled server and the TypeScript tests.
import { argon2Verify } from 'hash-wasm';

/** @param {{ password: string, hash: string }} task */
export default function verifyPassword({ password, hash }) {
  return argon2Verify({ password, hash });
}
