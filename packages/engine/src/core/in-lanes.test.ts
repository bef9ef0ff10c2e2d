import { describe, expect, it } from 'vitest';
import { mapInLanes } from './in-lanes.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapInLanes', () => {
  it('answers in the items’ order, with at most `lanes` tasks running and one at a time per lane', async () => {
    let running = 0;
    let most = 0;
    const busyLanes = new Set<number>();
    // Early items take longest: answers placed by completion would come out shuffled.
    const results = await mapInLanes([50, 40, 30, 1, 2, 3, 4, 5], 3, async (ms, index, lane) => {
      expect(busyLanes.has(lane)).toBe(false);
      expect(lane).toBeLessThan(3);
      busyLanes.add(lane);
      running += 1;
      most = Math.max(most, running);
      await tick(ms);
      running -= 1;
      busyLanes.delete(lane);
      return `${index}:${ms}`;
    });
    expect(results).toEqual(['0:50', '1:40', '2:30', '3:1', '4:2', '5:3', '6:4', '7:5']);
    expect(most).toBe(3);
    expect(await mapInLanes([], 4, () => Promise.resolve(1))).toEqual([]);
  });

  it('takes no item after a failure and answers with it', async () => {
    const started: number[] = [];
    const run = mapInLanes([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await tick(5);
      if (item === 1) throw new Error('item 1 failed');
      return item;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    await tick(30);
    // Lane 0 had taken item 2 before item 1 failed; nothing after that.
    expect(started).toEqual([0, 1, 2]);
  });
});
