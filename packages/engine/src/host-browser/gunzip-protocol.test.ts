import { describe, expect, it } from 'vitest';
import { batchCredit } from './gunzip-protocol.js';

describe('the batches asked of the gunzip worker', () => {
  it('asks once for each batch received, never for more than allowed ahead', () => {
    const credit = batchCredit(4);
    // The start request allowed four: however often the stream wants more, nothing is asked yet.
    expect([credit.askMore(), credit.askMore()]).toEqual([false, false]);
    credit.received();
    // One batch in: one more may be asked for, once.
    expect([credit.askMore(), credit.askMore()]).toEqual([true, false]);
    // A reader slower than the worker: four batches in, four asked for again, no more.
    for (let i = 0; i < 4; i += 1) credit.received();
    const asked = Array.from({ length: 10 }, () => credit.askMore()).filter(Boolean).length;
    expect(asked).toBe(4);
  });

  it('sends one request a batch for a long stream, not one a chunk', () => {
    const credit = batchCredit(4);
    let requests = 0;
    // 1,000 batches of 16 chunks each, the stream wanting more after every chunk it queues.
    for (let batch = 0; batch < 1000; batch += 1) {
      credit.received();
      for (let chunk = 0; chunk < 16; chunk += 1) if (credit.askMore()) requests += 1;
    }
    expect(requests).toBe(1000);
  });
});
