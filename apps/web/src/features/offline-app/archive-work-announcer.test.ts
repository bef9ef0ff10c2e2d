import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARCHIVE_WORK_CHANNEL, BUSY_RENEW_MS, type ArchiveWorkMessage, type WorkChannel } from './archive-work-contract';
import { ArchiveWorkAnnouncer, IDLE_AFTER_MS } from './archive-work-announcer';

/** Fake clocks for the lease and idle timers; the channels' own delivery stays real. */
const FAKE_TIMERS: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
};

const opened: BroadcastChannel[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const each of opened.splice(0)) each.close();
});

/** The page's channel, and what a second channel (the worker's) hears. */
function pageAndListener(): { page: WorkChannel; heard: ArchiveWorkMessage[]; worker: WorkChannel } {
  const page = new BroadcastChannel(ARCHIVE_WORK_CHANNEL);
  const worker = new BroadcastChannel(ARCHIVE_WORK_CHANNEL);
  opened.push(page, worker);
  const heard: ArchiveWorkMessage[] = [];
  worker.addEventListener('message', (event) => heard.push((event as MessageEvent<ArchiveWorkMessage>).data));
  return { page: page as unknown as WorkChannel, heard, worker: worker as unknown as WorkChannel };
}

describe('ArchiveWorkAnnouncer', () => {
  it('says busy once with a lease, renews it, and says idle a moment after the work ends', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const { page, heard } = pageAndListener();
    const announcer = new ArchiveWorkAnnouncer(page, 'p');
    announcer.set(true);
    announcer.set(true);
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'busy', page: 'p' }]));
    vi.advanceTimersByTime(BUSY_RENEW_MS);
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    announcer.set(false);
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    announcer.set(false);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual({ kind: 'idle', page: 'p' }));
    // No renewal after idle.
    const count = heard.length;
    vi.advanceTimersByTime(3 * BUSY_RENEW_MS);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toHaveLength(count);
  });

  it('stays busy when new work starts before the idle moment is over', async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    const { page, heard } = pageAndListener();
    const announcer = new ArchiveWorkAnnouncer(page, 'p');
    announcer.set(true);
    announcer.set(false);
    vi.advanceTimersByTime(IDLE_AFTER_MS / 2);
    announcer.set(true);
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
    expect(heard.some((message) => message.kind === 'idle')).toBe(false);
    announcer.end();
    await vi.waitFor(() => expect(heard.at(-1)).toEqual({ kind: 'idle', page: 'p' }));
  });

  it("answers the worker's question only while busy", async () => {
    const { page, heard, worker } = pageAndListener();
    const announcer = new ArchiveWorkAnnouncer(page, 'p');
    const asked = new Promise((resolve) => page.addEventListener('message', resolve));
    worker.postMessage({ kind: 'ask' });
    await asked;
    announcer.set(true);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    worker.postMessage({ kind: 'ask' });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard.map((message) => message.kind)).toEqual(['busy', 'busy']);
    announcer.end();
  });
});
