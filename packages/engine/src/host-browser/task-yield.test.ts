import { describe, expect, it } from 'vitest';
import { taskYielder, yieldingStream } from './task-yield.js';

describe('taskYielder', () => {
  it('returns at once until the time is up, then waits for a task of its own', async () => {
    let now = 0;
    const yielder = taskYielder(10, () => now);
    expect(yielder()).toBeUndefined();
    now = 9;
    expect(yielder()).toBeUndefined();
    now = 10;
    const waiting = yielder();
    expect(waiting).toBeInstanceOf(Promise);
    // A timer queued before it runs first: the wait is a task, not a microtask.
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await waiting;
    order.push('yielded');
    expect(order).toEqual(['timer', 'yielded']);
    // The clock starts again from the task.
    now = 15;
    expect(yielder()).toBeUndefined();
  });

  it('passes every chunk of a stream on, in order', async () => {
    let now = 0;
    const chunks = [1, 2, 3, 4].map((n) => new Uint8Array([n]));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const read: number[] = [];
    const yielder = taskYielder(1, () => (now += 1));
    for await (const chunk of yieldingStream(source, yielder)) read.push(...chunk);
    expect(read).toEqual([1, 2, 3, 4]);
  });
});
