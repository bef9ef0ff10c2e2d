// The service worker's side of archive-work-contract.ts: a Workbox plugin that makes each request
// of an install wait while a page lists or extracts an archive. Kept free of DOM and worker types
// (the channel and the clock are given) so that it runs under test as in the worker.
import { BUSY_LEASE_MS, isArchiveWorkMessage, type ArchiveWorkMessage, type WorkChannel } from './archive-work-contract';

/** How long the worker waits, once, for busy pages to answer its 'ask' as its install begins. */
export const ASK_ANSWER_MS = 250;

/**
 * The most one request waits. Browsers end an install that runs too long (Chromium after about
 * five minutes), and a failed install is only tried again on the next visit: past this the
 * precache goes on, one request at a time, however busy the page.
 */
export const MOST_WAIT_MS = 60_000;

/** The part of a Workbox plugin this is (workbox-core's RequestWillFetchCallback). */
export interface RequestWillFetchPlugin {
  requestWillFetch(param: { request: Request; event: { type: string } }): Promise<Request>;
}

export class PrecachePause {
  /** Each busy page, until when its last 'busy' holds. */
  private readonly busyUntil = new Map<string, number>();
  private readonly woken = new Set<() => void>();
  private asked: Promise<void> | null = null;

  constructor(
    private readonly channel: WorkChannel,
    private readonly now: () => number = Date.now,
  ) {
    channel.addEventListener('message', ({ data }) => {
      if (isArchiveWorkMessage(data)) this.heard(data);
    });
  }

  /** A page is busy now (a lease not yet over). */
  busy(): boolean {
    const now = this.now();
    for (const [page, until] of this.busyUntil) if (until <= now) this.busyUntil.delete(page);
    return this.busyUntil.size > 0;
  }

  /**
   * Resolves when no page is busy, or after MOST_WAIT_MS. The first call asks the pages first:
   * one that went busy before this worker started has said so to nobody.
   */
  async untilQuiet(): Promise<void> {
    this.asked ??= this.ask();
    await this.asked;
    const deadline = this.now() + MOST_WAIT_MS;
    while (this.busy() && this.now() < deadline) {
      const leaseEnds = Math.min(...this.busyUntil.values());
      await this.nextChange(Math.min(leaseEnds, deadline) - this.now());
    }
  }

  /** The plugin for workbox-precaching's `addPlugins`: only an install waits, never a page's own request. */
  plugin(): RequestWillFetchPlugin {
    return {
      requestWillFetch: async ({ request, event }) => {
        if (event.type === 'install') await this.untilQuiet();
        return request;
      },
    };
  }

  private heard(message: ArchiveWorkMessage): void {
    if (message.kind === 'ask') return;
    if (message.kind === 'busy') this.busyUntil.set(message.page, this.now() + BUSY_LEASE_MS);
    else this.busyUntil.delete(message.page);
    for (const wake of [...this.woken]) wake();
  }

  private ask(): Promise<void> {
    this.channel.postMessage({ kind: 'ask' });
    return this.nextChange(ASK_ANSWER_MS);
  }

  /** Resolves at the next message heard, or after `ms`. */
  private nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.woken.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.woken.add(wake);
    });
  }
}
