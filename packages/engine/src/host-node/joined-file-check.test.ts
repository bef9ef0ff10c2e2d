import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineError } from '../core/engine-error.js';
import { pattern } from '../testing/memfs-writes.js';
import { checkJoinedFile } from './joined-file-check.js';

describe('checkJoinedFile', () => {
  let dir: string;
  let path: string;
  const first = pattern(3_000_000, 1);
  const rest = pattern(9_500_000, 2);
  const whole = new Uint8Array([...first, ...rest]);
  const sums = [
    { crc: crc32(first), bytes: first.length },
    { crc: crc32(rest), bytes: rest.length },
  ] as const;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ao-joined-'));
    path = join(dir, 'file');
    writeFileSync(path, whole);
    utimesSync(path, 1_000, 2_000);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const failure = (run: () => void): EngineError => {
    try {
      run();
    } catch (error) {
      return error as EngineError;
    }
    throw new Error('the check passed');
  };

  it("passes the file whose parts' sums combine to its CRC-32, and one read back without them, keeping its times", () => {
    expect(() => checkJoinedFile(path, whole.length, crc32(whole), 'f', sums)).not.toThrow();
    expect(() => checkJoinedFile(path, whole.length, crc32(whole), 'f', null)).not.toThrow();
    expect(() => checkJoinedFile(path, whole.length, null, 'f', null)).not.toThrow();
    expect(statSync(path).atimeMs).toBe(1_000_000);
    expect(statSync(path).mtimeMs).toBe(2_000_000);
  });

  it('refuses a CRC-32 that differs, from the sums or from the file read back', () => {
    const damaged = whole.slice();
    damaged[first.length + 5] = (damaged[first.length + 5] ?? 0) ^ 1;
    writeFileSync(path, damaged);
    expect(failure(() => checkJoinedFile(path, whole.length, crc32(whole), 'f', null)).details).toEqual({
      entry: 'f',
      problem: 'CRC-32 mismatch',
    });
    const damagedSums = [sums[0], { crc: crc32(damaged.subarray(first.length)), bytes: rest.length }] as const;
    expect(failure(() => checkJoinedFile(path, whole.length, crc32(whole), 'f', damagedSums)).code).toBe('CORRUPT_ARCHIVE');
  });

  it('reads the file back where the sums do not cover it, and refuses a size that differs', () => {
    const short = [sums[0], { crc: crc32(rest.subarray(1)), bytes: rest.length - 1 }] as const;
    expect(() => checkJoinedFile(path, whole.length, crc32(whole), 'f', short)).not.toThrow();
    expect(failure(() => checkJoinedFile(path, whole.length + 1, crc32(whole), 'f', sums)).details).toEqual({
      entry: 'f',
      problem: 'size mismatch',
    });
  });
});
