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

/** When the run started and when progress last moved (performance.now() milliseconds). */
export interface RunClock {
  startedAt: number;
  updatedAt: number;
}

/**
 * Seconds left from the rate measured since the run started, or null until progress has moved
 * for at least a second; the UI then falls back to the spec's fixed ranges.
 */
export function secondsLeft(percent: number, clock: RunClock | null): number | null {
  if (!clock || percent <= 0 || percent >= 100) return null;
  const elapsed = (clock.updatedAt - clock.startedAt) / 1000;
  if (elapsed < 1) return null;
  return Math.max(1, Math.round(((100 - percent) * elapsed) / percent));
}
