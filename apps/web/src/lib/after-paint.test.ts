import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the next frame, then a task', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    let done = false;
    void afterNextPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(done).toBe(true);
  });

  it('resolves after 100 ms when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let done = false;
    void afterNextPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.unstubAllGlobals();
  });
});
