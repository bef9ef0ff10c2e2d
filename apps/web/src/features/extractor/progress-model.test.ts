import { describe, expect, it } from 'vitest';
import {
  nextEstimate,
  percentFor,
  RATE_STAGES,
  secondsLeft,
  startEstimate,
  stepStates,
  type RateEstimate,
} from './progress-model';

/** The estimate after progress reached each [percent, at ms] in turn. */
const fed = (estimate: RateEstimate, samples: [number, number][]) =>
  samples.reduce((current, [percent, at]) => nextEstimate(current, percent, at), estimate);

describe('percentFor, the one mapping of bytes to percent for both modes', () => {
  it('maps the stages onto the boundaries of docs/product.md#progress', () => {
    expect(percentFor({ stage: 'reading' })).toBe(0);
    expect(percentFor({ stage: 'processing' })).toBe(25);
    expect(percentFor({ stage: 'extracting', bytesDone: 0, bytesTotal: 100 })).toBe(50);
    expect(percentFor({ stage: 'extracting', bytesDone: 50, bytesTotal: 100 })).toBe(70);
    expect(percentFor({ stage: 'finalizing' })).toBe(90);
    expect(percentFor({ stage: 'done' })).toBe(100);
  });

  it('fills the reading step (0–25 %) with the bytes uploaded in server mode', () => {
    expect(percentFor({ stage: 'reading', bytesDone: 0, bytesTotal: 1000 })).toBe(0);
    expect(percentFor({ stage: 'reading', bytesDone: 500, bytesTotal: 1000 })).toBe(12.5);
    expect(percentFor({ stage: 'reading', bytesDone: 1000, bytesTotal: 1000 })).toBe(25);
    expect(percentFor({ stage: 'reading', bytesDone: 10, bytesTotal: 0 })).toBe(0);
  });

  it('never leaves its step, whatever the bytes say', () => {
    expect(percentFor({ stage: 'extracting', bytesDone: 500, bytesTotal: 100 })).toBe(90);
    expect(percentFor({ stage: 'extracting', bytesDone: 500, bytesTotal: null })).toBe(50);
    expect(percentFor({ stage: 'extracting', bytesDone: -5, bytesTotal: 100 })).toBe(50);
    expect(percentFor({ stage: 'extracting', bytesDone: Number.NaN, bytesTotal: 100 })).toBe(50);
    expect(percentFor({ stage: 'reading', bytesDone: 2000, bytesTotal: 1000 })).toBe(25);
  });
});

describe('stepStates', () => {
  it('marks completed, active and pending steps', () => {
    expect(stepStates(0)).toEqual(['active', 'pending', 'pending', 'pending']);
    expect(stepStates(60)).toEqual(['completed', 'completed', 'active', 'pending']);
    expect(stepStates(100)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});

describe('time left', () => {
  it('follows the rate of the current stage, not the run so far: a slow PPMd 7z after a quick read', () => {
    // Read and opened in 1 s, then 2 % of the whole (5 % of the extraction stage) every 4 s.
    const estimate = fed(startEstimate(RATE_STAGES), [
      [25, 0],
      [50, 1000],
      [50.5, 2000],
      [51, 3000],
      [51.5, 4000],
      [52, 5000],
    ]);
    // 95 % of the stage left at 0.05 per 4 s: 76 s (the whole run's average said 5 s).
    expect(secondsLeft(estimate, 5000)).toBe(76);
  });

  it('times a throttled upload by its bytes left at its own rate', () => {
    // 100 KB/s of a 1,200 KB archive: the upload is the first quarter of the panel.
    const samples = Array.from({ length: 7 }, (_, second): [number, number] => [(25 * second * 100) / 1200, second * 1000]);
    expect(secondsLeft(fed(startEstimate(RATE_STAGES), samples), 6000)).toBe(6);
  });

  it('says nothing before the rate is measured, between stages, when it jumps about, or when progress stalls', () => {
    const start = startEstimate(RATE_STAGES);
    expect(secondsLeft(null, 0)).toBeNull();
    expect(secondsLeft(fed(start, [[50, 0]]), 0)).toBeNull();
    expect(
      secondsLeft(
        fed(start, [
          [50, 0],
          [51, 500],
          [52, 1000],
        ]),
        1000,
      ),
    ).toBeNull();
    const steady: [number, number][] = [
      [50, 0],
      [52, 1000],
      [54, 2000],
      [56, 3000],
    ];
    expect(secondsLeft(fed(start, steady), 3000)).toBe(17);
    // Opening or finalizing: no stage whose bytes are counted.
    expect(secondsLeft(fed(start, [...steady, [90, 4000]]), 4000)).toBeNull();
    // A burst after a crawl: not steady enough to tell.
    expect(secondsLeft(fed(start, [...steady, [80, 4000]]), 4000)).toBeNull();
    // No progress for 5 s: the last rate no longer holds.
    expect(secondsLeft(fed(start, steady), 8000)).toBeNull();
  });
});
