import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.js';

describe('the CRC-32 of two runs from their own', () => {
  it('is the CRC-32 of both read in one go, at every length from nothing to several chunks', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [3, 7],
      [1000, 4095],
      [65_536, 1],
      [12_345, 1_048_583],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      const whole = Buffer.concat([first, second]);
      expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(crc32(whole));
    }
  });

  it('chains: three runs combined two by two are the whole', () => {
    const runs = [randomBytes(777), randomBytes(4096 * 3 + 5), randomBytes(31)];
    let value = 0;
    for (const run of runs) value = crc32Combine(value, crc32(run), run.length);
    expect(value).toBe(crc32(Buffer.concat(runs)));
  });

  it('differs when the second run has another length, as a cut at another place would', () => {
    const second = randomBytes(100);
    const first = crc32(randomBytes(50));
    expect(crc32Combine(first, crc32(second), 100)).not.toBe(crc32Combine(first, crc32(second), 101));
  });

  it('takes lengths past 4 GiB (bytes beyond 32 bits) and refuses what is not a length', () => {
    // Appending L bytes multiplies by x^(8L): appending 2^31 bytes twice is appending 2^32, and
    // 2^32 then 3 is 2^32 + 3, so the bits above 32 agree with the low ones built up.
    const shift = (value: number, length: number) => crc32Combine(value, 0, length);
    const start = 0x12345678;
    expect(shift(shift(start, 2 ** 31), 2 ** 31)).toBe(shift(start, 2 ** 32));
    expect(shift(shift(start, 2 ** 32), 3)).toBe(shift(start, 2 ** 32 + 3));
    expect(shift(start, 2 ** 32 + 3)).not.toBe(shift(start, 3));
    expect(() => crc32Combine(1, 2, -1)).toThrow(RangeError);
    expect(() => crc32Combine(1, 2, 1.5)).toThrow(RangeError);
  });
});
