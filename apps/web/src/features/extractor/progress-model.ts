import type { Progress } from '@archive-opener/engine/browser';

export type EngineProgress = Progress;

/**
 * The four steps of the progress panel and their boundaries (docs/product.md#progress: 25/50/90).
 * In the browser the "reading" step ends when the worker has the file, "processing" when the engine
 * has opened and listed the archive (its first extracting report), "extracting" follows the bytes
 * written against the declared total, and "finalizing" is the page building its file list. On the
 * server "reading" is the upload (bytes sent), "processing" the wait in the queue and the opening,
 * "extracting" the server's bytes written, "finalizing" its checksums.
 */
export const STEP_BOUNDARIES = [0, 25, 50, 90, 100] as const;
export type StepState = 'completed' | 'active' | 'pending';

export type ExtractionStage = 'reading' | 'processing' | 'extracting' | 'finalizing' | 'done';

/**
 * Where a run is, in either mode: its step, and for the byte-counted steps (the upload, the
 * extraction) the bytes done of the total. Both modes report this and nothing else; percentFor
 * is the one place it becomes a percent.
 */
export interface RunProgress {
  stage: ExtractionStage;
  bytesDone?: number;
  bytesTotal?: number | null;
}

/** The share (0–1) of a byte-counted step, 0 when its total is not known. */
function byteShare({ bytesDone = 0, bytesTotal }: RunProgress): number {
  if (!bytesTotal || !(bytesTotal > 0) || !Number.isFinite(bytesDone)) return 0;
  return Math.min(1, Math.max(0, bytesDone / bytesTotal));
}

/** The panel's percent for a run's progress (both modes, docs/decisions/004-real-progress.md). */
export function percentFor(progress: RunProgress): number {
  const [reading, processing, extracting, finalizing, done] = STEP_BOUNDARIES;
  switch (progress.stage) {
    case 'reading':
      return reading + (processing - reading) * byteShare(progress);
    case 'processing':
      return processing;
    case 'extracting':
      return extracting + (finalizing - extracting) * byteShare(progress);
    case 'finalizing':
      return finalizing;
    case 'done':
      return done;
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

/**
 * A stage whose progress is proportional to bytes, as its range of the panel's percent: the bytes
 * sent while uploading, the bytes written while extracting. Outside them (opening the archive,
 * building the file list) no rate means anything.
 */
export interface RateStage {
  from: number;
  to: number;
}

/**
 * The byte-counted steps of percentFor, the same in both modes: the upload (server mode's reading
 * step; in the browser reading is done at once) and the extraction.
 */
export const RATE_STAGES: readonly RateStage[] = [
  { from: STEP_BOUNDARIES[0], to: STEP_BOUNDARIES[1] },
  { from: STEP_BOUNDARIES[2], to: STEP_BOUNDARIES[3] },
];

/** How much each new measurement moves the smoothed rate (exponentially weighted moving average). */
const SMOOTHING = 0.3;
/** Measurements closer together than this are merged into the next (progress comes in bursts). */
const MIN_SAMPLE_MS = 250;
/** Before this many measurements over this long in the stage, the rate is not known. */
const MIN_SAMPLES = 3;
const MIN_STAGE_MS = 1500;
/** A rate that moves by more than this factor between measurements is not steady enough to tell. */
const STEADY_FACTOR = 3;
/** Without progress for this long, the last rate no longer holds. */
const STALLED_MS = 3000;

/** The time-left estimate's state: the current stage and its smoothed rate (share of the stage per ms). */
export interface RateEstimate {
  stages: readonly RateStage[];
  /** Index of the current stage, or -1 outside all of them. */
  stage: number;
  stageStartedAt: number;
  /** The last measurement: share of the stage done, and when. */
  share: number;
  at: number;
  rate: number | null;
  /** Whether the last measurement was within STEADY_FACTOR of the rate before it. */
  steady: boolean;
  samples: number;
}

export function startEstimate(stages: readonly RateStage[]): RateEstimate {
  return { stages, stage: -1, stageStartedAt: 0, share: 0, at: 0, rate: null, steady: false, samples: 0 };
}

/** The estimate after progress reached `percent` at `at` (performance.now() milliseconds). */
export function nextEstimate(estimate: RateEstimate, percent: number, at: number): RateEstimate {
  const stage = estimate.stages.findIndex(({ from, to }) => percent >= from && percent < to);
  const range = estimate.stages[stage];
  if (!range) return { ...estimate, stage: -1, rate: null, steady: false, samples: 0 };
  const share = (percent - range.from) / (range.to - range.from);
  if (stage !== estimate.stage)
    return { ...estimate, stage, stageStartedAt: at, share, at, rate: null, steady: false, samples: 0 };
  const elapsed = at - estimate.at;
  if (elapsed < MIN_SAMPLE_MS || share < estimate.share) return estimate;
  const measured = (share - estimate.share) / elapsed;
  const previous = estimate.rate;
  const rate = previous === null ? measured : SMOOTHING * measured + (1 - SMOOTHING) * previous;
  const steady = previous === null || (measured * STEADY_FACTOR >= previous && measured <= previous * STEADY_FACTOR);
  return { ...estimate, share, at, rate, steady, samples: estimate.samples + 1 };
}

/**
 * Seconds left in the current stage, from the bytes it has left at its smoothed rate; null (say
 * nothing) outside a byte-counted stage, before the rate is measured, when it is not steady, or
 * when progress has stalled.
 */
export function secondsLeft(estimate: RateEstimate | null, now: number): number | null {
  if (!estimate || estimate.stage < 0 || estimate.rate === null || !estimate.steady) return null;
  const { rate } = estimate;
  if (estimate.samples < MIN_SAMPLES || estimate.at - estimate.stageStartedAt < MIN_STAGE_MS) return null;
  if (now - estimate.at > STALLED_MS || !(rate > 0)) return null;
  return Math.max(1, Math.round((1 - estimate.share) / rate / 1000));
}
