import { usageEventSchema } from '@archive-opener/shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUsageRecord, USAGE_EVENTS_URL } from './usage-events';

const MB = 1024 ** 2;

describe('browser usage events', () => {
  const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
  const sent = () =>
    fetchSpy.mock.calls.map(([url, init]) => {
      expect(url).toBe(USAGE_EVENTS_URL);
      expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
      const body: unknown = JSON.parse(init?.body as string);
      // Exactly what the server accepts.
      expect(usageEventSchema.parse(body)).toEqual(body);
      return body;
    });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends one event when an extraction succeeds, with the engine’s format, the size step and the duration', () => {
    const usage = startUsageRecord({ name: 'Holiday Photos.ZIP', size: 5 * MB });
    vi.advanceTimersByTime(1234);
    usage.finish({ format: 'zip' });
    usage.finish({ format: 'zip' });
    expect(sent()).toEqual([
      { mode: 'browser', format: 'zip', outcome: 'success', errorCode: null, sizeBucket: '1-10mb', durationMs: 1234 },
    ]);
  });

  it('sends the error code of a failure, and the format the extension suggests', () => {
    const usage = startUsageRecord({ name: 'backup.tar.gz', size: 300 });
    vi.advanceTimersByTime(20);
    usage.finish({ error: { code: 'WRONG_PASSWORD', message: 'The password is wrong.' } });
    expect(sent()).toEqual([
      {
        mode: 'browser',
        format: 'tar.gz',
        outcome: 'failure',
        errorCode: 'WRONG_PASSWORD',
        sizeBucket: 'under-1mb',
        durationMs: 20,
      },
    ]);
  });

  it('sends INTERNAL for an error without a known code, and null for a format the schema would refuse', () => {
    startUsageRecord({ name: 'no extension', size: 2 * 1024 ** 3 }).finish({
      error: { code: 'BROKEN' as 'INTERNAL', message: 'boom' },
    });
    expect(sent()).toEqual([
      expect.objectContaining({ format: null, outcome: 'failure', errorCode: 'INTERNAL', sizeBucket: 'over-1gb' }),
    ]);
  });

  it('sends a cancelled extraction as cancelled', () => {
    const usage = startUsageRecord({ name: 'set.part1.rar', size: 60 * MB });
    vi.advanceTimersByTime(5_000);
    usage.finish({ error: { code: 'CANCELLED', message: 'The extraction was cancelled.' } });
    expect(sent()).toEqual([
      { mode: 'browser', format: 'rar', outcome: 'cancelled', errorCode: 'CANCELLED', sizeBucket: '50-200mb', durationMs: 5_000 },
    ]);
  });

  it.each([
    ['Do Not Track', () => vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' })],
    ['the older window.doNotTrack', () => vi.stubGlobal('doNotTrack', '1')],
    ['Global Privacy Control', () => vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true })],
  ])('sends nothing when the browser signals %s', (_name, signal) => {
    signal();
    startUsageRecord({ name: 'a.zip', size: 1 }).finish({ format: 'zip' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends when Do Not Track is explicitly off', () => {
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '0', globalPrivacyControl: false });
    startUsageRecord({ name: 'a.zip', size: 1 }).finish({ format: 'zip' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed send', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(() => startUsageRecord({ name: 'a.7z', size: 1 }).finish({ format: '7z' })).not.toThrow();
    await vi.waitFor(() => expect(debug).toHaveBeenCalled());
  });
});
