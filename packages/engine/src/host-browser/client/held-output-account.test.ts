// @vitest-environment node
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { heldOutputAccount } from './held-output-account.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('heldOutputAccount', () => {
  it('lets each extraction hold what the others leave of the budget', () => {
    const account = heldOutputAccount(1000);
    const first = account.lease();
    expect(first.bytes).toBe(1000);
    // A second one while the first runs: the first may still use all it was allowed.
    expect(account.lease().bytes).toBe(0);
    const kept = [new ArrayBuffer(300)];
    first.settle(kept);
    expect(account.counted()).toBe(300);
    const third = account.lease();
    expect(third.bytes).toBe(700);
    // A failed or cancelled extraction holds nothing; settling twice changes nothing.
    third.settle([]);
    third.settle([new ArrayBuffer(50)]);
    expect(account.counted()).toBe(300);
    expect(kept[0]?.byteLength).toBe(300);
  });

  it('gives the bytes back once their buffers are garbage collected', async () => {
    const account = heldOutputAccount(1 << 20);
    const lease = account.lease();
    (() => lease.settle([new ArrayBuffer(4096), new ArrayBuffer(1024)]))();
    expect(account.counted()).toBe(5120);
    // FinalizationRegistry reports after a collection, in a later task.
    for (let attempt = 0; attempt < 50 && account.counted() > 0; attempt += 1) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(account.counted()).toBe(0);
    expect(account.lease().bytes).toBe(1 << 20);
  });
});
