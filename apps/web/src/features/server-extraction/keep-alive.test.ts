import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS, keepAliveDelay } from './keep-alive';
import { useKeepAlive } from './use-keep-alive';

describe('keepAliveDelay', () => {
  it('pings at once the first time, then every 8 minutes', () => {
    expect(KEEP_ALIVE_MS).toBe(8 * 60 * 1000);
    expect(keepAliveDelay(null, 1_000)).toBe(0);
    expect(keepAliveDelay(1_000, 1_000)).toBe(KEEP_ALIVE_MS);
    expect(keepAliveDelay(0, 60_000)).toBe(KEEP_ALIVE_MS - 60_000);
    // Shown again long after the last ping: at once.
    expect(keepAliveDelay(0, KEEP_ALIVE_MS * 3)).toBe(0);
  });
});

describe('useKeepAlive', () => {
  let visibility: DocumentVisibilityState = 'visible';
  const fetchSpy = vi.fn(async () => Response.json({ keepAlive: true, timestamp: new Date().toISOString() }));
  const setVisibility = (value: DocumentVisibilityState) => {
    visibility = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    visibility = 'visible';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts {keepAlive: true} every 8 minutes while visible, pauses while hidden, and stops when disabled', async () => {
    const { rerender } = renderHook(({ enabled }) => useKeepAlive(enabled), { initialProps: { enabled: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/extract-archive');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ keepAlive: true });

    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 3);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // Visible again, long after the last one: at once, then on schedule.
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(3);

    rerender({ enabled: false });
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('sends nothing in browser mode', async () => {
    renderHook(() => useKeepAlive(false));
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
