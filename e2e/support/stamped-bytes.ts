import { randomBytes } from 'node:crypto';

const BLOCK_BYTES = 64 * 1024;
const STAMP_EVERY = 4096;

/**
 * `length` bytes that 7-Zip packs quickly (a 64 KiB random block, repeated), yet no two stretches
 * alike: every 4 KiB starts with `label` and its own offset, so a file cut, shifted or mixed with
 * another one has another SHA-256. Random bytes of that size took 7-Zip's WebAssembly ~9 s to
 * pack at level 1, in a test that measures extracting them.
 */
export function stampedBytes(length: number, label: string): Uint8Array {
  const block = randomBytes(BLOCK_BYTES);
  const out = new Uint8Array(length);
  for (let at = 0; at < length; at += BLOCK_BYTES) out.set(block.subarray(0, Math.min(BLOCK_BYTES, length - at)), at);
  const encoder = new TextEncoder();
  for (let at = 0; at < length; at += STAMP_EVERY) out.set(encoder.encode(`${label}@${at};`).subarray(0, length - at), at);
  return out;
}
