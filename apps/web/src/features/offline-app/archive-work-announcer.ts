// The page's side of archive-work-contract.ts: says "busy" while it lists or extracts an archive
// (again every BUSY_RENEW_MS, and to the worker's 'ask'), and "idle" a moment after, so that the
// service worker's install waits (precache-pause.ts). No DOM: the channel is given.
import { BUSY_RENEW_MS, isArchiveWorkMessage, type ArchiveWorkMessage, type WorkChannel } from './archive-work-contract';

/**
 * "Idle" waits this long after the work ends: the file manager's first render of the files, and
 * the completion dialog's, come right after the engine's answer.
 */
export const IDLE_AFTER_MS = 1_000;

export class ArchiveWorkAnnouncer {
  private busy = false;
  private renew: ReturnType<typeof setInterval> | null = null;
  private idleLater: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly channel: WorkChannel,
    private readonly page: string,
  ) {
    channel.addEventListener('message', ({ data }) => {
      if (isArchiveWorkMessage(data) && data.kind === 'ask' && this.busy) this.say('busy');
    });
  }

  /** Whether the page lists or extracts an archive now; calls that change nothing cost nothing. */
  set(busy: boolean): void {
    if (busy) {
      if (this.idleLater !== null) clearTimeout(this.idleLater);
      this.idleLater = null;
      if (this.busy) return;
      this.busy = true;
      this.say('busy');
      this.renew = setInterval(() => this.say('busy'), BUSY_RENEW_MS);
      return;
    }
    if (!this.busy || this.idleLater !== null) return;
    this.idleLater = setTimeout(() => this.end(), IDLE_AFTER_MS);
  }

  /** The page goes away: idle at once. */
  end(): void {
    if (this.idleLater !== null) clearTimeout(this.idleLater);
    if (this.renew !== null) clearInterval(this.renew);
    this.idleLater = null;
    this.renew = null;
    if (!this.busy) return;
    this.busy = false;
    this.say('idle');
  }

  private say(kind: 'busy' | 'idle'): void {
    const message: ArchiveWorkMessage = { kind, page: this.page };
    this.channel.postMessage(message);
  }
}
