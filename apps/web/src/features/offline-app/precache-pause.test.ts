import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARCHIVE_WORK_CHANNEL, BUSY_LEASE_MS, type WorkChannel } from './archive-work-contract';
import { ArchiveWorkAnnouncer } from './archive-work-announcer';
import { ASK_ANSWER_MS, MOST_WAIT_MS, PrecachePause } from './precache-pause';

// Node's BroadcastChannel is the same API as the browser's: page and worker talk through real ones.
const opened: BroadcastChannel[] = [];
function channel(): WorkChannel {
  const made = new BroadcastChannel(ARCHIVE_WORK_CHANNEL);
  opened.push(made);
  return made as unknown as WorkChannel;
}

afterEach(() => {
  vi.useRealTimers();
  for (const each of opened.splice(0)) each.close();
});

/** Whether `promise` has settled once the messages already sent were delivered. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  // A message between two channels of one process arrives within a few turns of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe('PrecachePause', () => {
  it('lets an install go on once no page answered its question', async () => {
    const pause = new PrecachePause(channel());
    const started = performance.now();
    await pause.untilQuiet();
    expect(performance.now() - started).toBeGreaterThanOrEqual(ASK_ANSWER_MS - 5);
    expect(pause.busy()).toBe(false);
  });

  it('holds an install while a page that went busy before it started is busy, and lets it go when the page is done', async () => {
    const announcer = new ArchiveWorkAnnouncer(channel(), 'page-1');
    announcer.set(true);
    const pause = new PrecachePause(channel());
    const waiting = pause.untilQuiet();
    await vi.waitFor(() => expect(pause.busy()).toBe(true));
    expect(await settled(waiting)).toBe(false);
    announcer.end();
    await waiting;
    expect(pause.busy()).toBe(false);
  });

  it("holds only an install's requests, never a page's own", async () => {
    const announcer = new ArchiveWorkAnnouncer(channel(), 'page-1');
    const pause = new PrecachePause(channel());
    announcer.set(true);
    await vi.waitFor(() => expect(pause.busy()).toBe(true));
    const request = new Request('https://example.test/assets/app.js');
    expect(await pause.plugin().requestWillFetch({ request, event: { type: 'fetch' } })).toBe(request);
    const installing = pause.plugin().requestWillFetch({ request, event: { type: 'install' } });
    expect(await settled(installing)).toBe(false);
    announcer.end();
    expect(await installing).toBe(request);
  });

  it('forgets a page whose lease ran out (a page closed while busy), and caps a lease it is told', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const pageSide = channel();
    const workerSide = channel();
    const pause = new PrecachePause(workerSide);
    const heard = new Promise((resolve) => workerSide.addEventListener('message', resolve));
    pageSide.postMessage({ kind: 'busy', page: 'closed' });
    await heard;
    expect(pause.busy()).toBe(true);
    vi.advanceTimersByTime(BUSY_LEASE_MS - 1);
    expect(pause.busy()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(pause.busy()).toBe(false);
  });

  it('waits at most MOST_WAIT_MS for a page that stays busy', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const announcer = new ArchiveWorkAnnouncer(channel(), 'busy-for-long');
    announcer.set(true);
    const pause = new PrecachePause(channel());
    let done = false;
    const waiting = pause.untilQuiet().then(() => (done = true));
    await vi.waitFor(() => expect(pause.busy()).toBe(true));
    // The page renews its lease all along; the install goes on after the cap all the same.
    for (let elapsed = 0; elapsed < MOST_WAIT_MS + ASK_ANSWER_MS && !done; elapsed += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waiting;
    expect(pause.busy()).toBe(true);
    announcer.end();
  });
});
