import type { Progress, ProgressPhase } from './types.js';

/** Rate-limits progress callbacks: 7-Zip writes in 64 KiB-ish chunks, the UI wants ~10 updates a second. */
export class ProgressReporter {
  private lastEmit = 0;

  constructor(
    private readonly callback: ((progress: Progress) => void) | undefined,
    private readonly intervalMs = 100,
  ) {}

  report(progress: Progress, force = false): void {
    if (!this.callback) return;
    const now = Date.now();
    if (!force && now - this.lastEmit < this.intervalMs) return;
    this.lastEmit = now;
    this.callback(progress);
  }

  phase(phase: ProgressPhase, bytesDone: number, bytesTotal: number | null, entriesDone: number): void {
    this.report({ phase, bytesDone, bytesTotal, entriesDone }, true);
  }
}
