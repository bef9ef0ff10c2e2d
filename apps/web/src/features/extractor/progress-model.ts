import type { Progress } from '@archive-opener/engine/browser';

export type EngineProgress = Progress;

/**
 * The four steps of the progress panel and their boundaries (spec: 25/50/90). In the browser the
 * "reading" step ends when the worker has the file, "processing" when the engine has opened and
 * listed the archive (its first extracting report), "extracting" follows the bytes written
 * against the declared total, and "finalizing" is the page building its file list.
 */
export const STEP_BOUNDARIES = [0, 25, 50, 90, 100] as const;
export type StepState = 'completed' | 'active' | 'pending';

export type ExtractionStage = 'reading' | 'processing' | 'extracting' | 'finalizing' | 'done';

export function percentFor(stage: ExtractionStage, progress?: Pick<EngineProgress, 'bytesDone' | 'bytesTotal'>): number {
  switch (stage) {
    case 'reading':
      return 0;
    case 'processing':
      return 25;
    case 'extracting': {
      const total = progress?.bytesTotal;
      if (!progress || !total || total <= 0) return 50;
      return 50 + 40 * Math.min(1, progress.bytesDone / total);
    }
    case 'finalizing':
      return 90;
    case 'done':
      return 100;
  }
}

export function stepStates(percent: number): StepState[] {
  return [0, 1, 2, 3].map((step) => {
    const end = STEP_BOUNDARIES[step + 1] ?? 100;
    const start = STEP_BOUNDARIES[step] ?? 0;
    if (percent >= end) return 'completed';
    return percent >= start ? 'active' : 'pending';
  });
}

/** Which fixed range the spec shows before a rate is measured. */
export type FallbackEstimate = 'early' | 'processing' | 'extracting' | 'almostDone';

export function fallbackEstimate(percent: number): FallbackEstimate {
  if (percent < 25) return 'early';
  if (percent < 50) return 'processing';
  if (percent < 90) return 'extracting';
  return 'almostDone';
}

/**
 * Seconds left from the measured rate of progress (an exponentially smoothed percent-per-second),
 * or null until at least ~1 s of samples exist; the UI then falls back to the spec's ranges.
 */
export class RateEstimator {
  private first: { at: number; percent: number } | null = null;
  private last: { at: number; percent: number } | null = null;
  private rate: number | null = null;

  sample(percent: number, at: number): void {
    if (!this.first) this.first = { at, percent };
    if (this.last && at > this.last.at && percent >= this.last.percent) {
      const instant = (percent - this.last.percent) / ((at - this.last.at) / 1000);
      this.rate = this.rate === null ? instant : 0.7 * this.rate + 0.3 * instant;
    }
    this.last = { at, percent };
  }

  secondsLeft(percent: number): number | null {
    if (!this.first || !this.last || this.rate === null || this.rate <= 0) return null;
    if (this.last.at - this.first.at < 1000) return null;
    return Math.max(1, Math.round((100 - percent) / this.rate));
  }
}
