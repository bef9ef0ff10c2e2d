import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageIdle } from './when-page-idle';

describe('whenPageIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the browser to be idle, with a deadline', () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const task = vi.fn();
    whenPageIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    const [callback, options] = requestIdleCallback.mock.calls[0] as [() => void, IdleRequestOptions];
    expect(callback).toBe(task);
    expect(options.timeout).toBeGreaterThan(0);
  });

  it('falls back to a short delay where idle callbacks are missing', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    whenPageIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
