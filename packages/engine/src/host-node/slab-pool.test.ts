import { afterEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops its free slabs once none came back for a while', () => {
    vi.useFakeTimers();
    const pool = new SlabPool(1 << 24, 1000);
    const a = pool.take(100_000);
    pool.give(a);
    vi.advanceTimersByTime(900);
    const b = pool.take(100_000);
    expect(b.buffer).toBe(a.buffer);
    pool.give(b);
    vi.advanceTimersByTime(900);
    expect(pool.waitingBytes).toBeGreaterThan(0);
    vi.advanceTimersByTime(200);
    expect(pool.waitingBytes).toBe(0);
    expect(pool.take(100_000).buffer).not.toBe(a.buffer);
  });
});
