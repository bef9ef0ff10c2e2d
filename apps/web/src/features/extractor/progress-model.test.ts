import { describe, expect, it } from 'vitest';
import { fallbackEstimate, percentFor, secondsLeft, stepStates } from './progress-model';

describe('percentFor', () => {
  it('maps the stages onto the spec boundaries', () => {
    expect(percentFor('reading')).toBe(0);
    expect(percentFor('processing')).toBe(25);
    expect(percentFor('extracting', { bytesDone: 0, bytesTotal: 100 })).toBe(50);
    expect(percentFor('extracting', { bytesDone: 50, bytesTotal: 100 })).toBe(70);
    expect(percentFor('finalizing')).toBe(90);
    expect(percentFor('done')).toBe(100);
  });

  it('never passes 90 while extracting, even when more is written than declared', () => {
    expect(percentFor('extracting', { bytesDone: 500, bytesTotal: 100 })).toBe(90);
    expect(percentFor('extracting', { bytesDone: 500, bytesTotal: null })).toBe(50);
  });
});

describe('stepStates', () => {
  it('marks completed, active and pending steps', () => {
    expect(stepStates(0)).toEqual(['active', 'pending', 'pending', 'pending']);
    expect(stepStates(60)).toEqual(['completed', 'completed', 'active', 'pending']);
    expect(stepStates(100)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});

describe('estimates', () => {
  it('falls back to the fixed ranges by stage', () => {
    expect(fallbackEstimate(10)).toBe('early');
    expect(fallbackEstimate(30)).toBe('processing');
    expect(fallbackEstimate(60)).toBe('extracting');
    expect(fallbackEstimate(95)).toBe('almostDone');
  });

  it('estimates the time left from the measured rate once progress has moved for a second', () => {
    expect(secondsLeft(60, null)).toBeNull();
    expect(secondsLeft(60, { startedAt: 0, updatedAt: 500 })).toBeNull();
    // 60 percent in 6 s: 10 percent per second, 40 percent left.
    expect(secondsLeft(60, { startedAt: 0, updatedAt: 6000 })).toBe(4);
    expect(secondsLeft(100, { startedAt: 0, updatedAt: 6000 })).toBeNull();
  });
});
