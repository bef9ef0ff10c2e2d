import { describe, expect, it } from 'vitest';
import { runBatch } from './run-batch';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('runBatch', () => {
  it('never runs more than two at once and runs every item in order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await runBatch([1, 2, 3, 4, 5], async (item) => {
      started.push(item);
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
    });
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts nothing new once stopped', async () => {
    const started: number[] = [];
    let stop = false;
    await runBatch(
      [1, 2, 3, 4],
      async (item) => {
        started.push(item);
        await tick();
        stop = true;
      },
      { shouldStop: () => stop },
    );
    expect(started).toEqual([1, 2]);
  });
});
