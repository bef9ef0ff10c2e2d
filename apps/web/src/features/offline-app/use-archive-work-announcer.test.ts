import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ARCHIVE_WORK_CHANNEL, type ArchiveWorkMessage } from './archive-work-contract';
import { IDLE_AFTER_MS } from './archive-work-announcer';
import { useArchiveWorkAnnouncer } from './use-archive-work-announcer';

// The page's channel is a real BroadcastChannel (Node's global); a second one hears it, as the
// service worker does. jsdom has no service worker, so the test gives the page one to tell.
const heard: ArchiveWorkMessage[] = [];
let listener: BroadcastChannel;
beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  listener = new BroadcastChannel(ARCHIVE_WORK_CHANNEL);
  listener.onmessage = (event: MessageEvent<ArchiveWorkMessage>) => heard.push(event.data);
});
afterAll(() => {
  listener.close();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('useArchiveWorkAnnouncer', () => {
  it('says busy while the page works, and idle once an extractor that was busy goes away', async () => {
    const { rerender, unmount } = renderHook(({ busy }) => useArchiveWorkAnnouncer(busy), { initialProps: { busy: false } });
    rerender({ busy: true });
    await vi.waitFor(() => expect(heard.map((message) => message.kind)).toEqual(['busy']));
    unmount();
    await vi.waitFor(() => expect(heard.at(-1)?.kind).toBe('idle'), { timeout: IDLE_AFTER_MS + 5_000 });
  });
});
