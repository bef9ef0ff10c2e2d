import { describe, expect, it } from 'vitest';
import { SlabPool } from './slab-pool.js';

describe('SlabPool', () => {
  it('hands a slab given back to the next taker that fits, the smallest first', () => {
    const pool = new SlabPool(1 << 24);
    const big = pool.take(1_000_000);
    const small = pool.take(100_000);
    expect(big.length).toBeGreaterThanOrEqual(1_000_000);
    pool.give(big.subarray(0, 10));
    pool.give(small);
    expect(pool.take(90_000).buffer).toBe(small.buffer);
    expect(pool.take(900_000).buffer).toBe(big.buffer);
    expect(pool.take(900_000).buffer).not.toBe(big.buffer);
  });

  it('ignores memory it did not lend, a second give, and keeps no more than asked', () => {
    const pool = new SlabPool(300_000);
    pool.give(new Uint8Array(1 << 20));
    const a = pool.take(150_000);
    const b = pool.take(150_000);
    pool.give(a);
    pool.give(a);
    pool.give(b);
    expect(pool.take(150_000).buffer).toBe(a.buffer);
    expect(pool.take(150_000).buffer).not.toBe(b.buffer);
  });
});
