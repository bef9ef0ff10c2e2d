import { describe, expect, it } from 'vitest';
import { ListingRuns } from './listing-runs';

function run() {
  const state = { cancelled: 0 };
  return { state, cancel: () => void (state.cancelled += 1) };
}

describe('ListingRuns', () => {
  it('cancels the listing of an archive whose extraction starts, and only that one', () => {
    const runs = new ListingRuns();
    const a = run();
    const b = run();
    runs.started('a', a);
    runs.started('b', b);
    runs.extractionStarts(['a']);
    expect(a.state.cancelled).toBe(1);
    expect(b.state.cancelled).toBe(0);
  });

  it('does not start a listing for an archive already being extracted', () => {
    const runs = new ListingRuns();
    expect(runs.wanted('a')).toBe(true);
    runs.extractionStarts(['a']);
    expect(runs.wanted('a')).toBe(false);
    expect(runs.wanted('b')).toBe(true);
  });

  it('leaves a listing that ended alone', () => {
    const runs = new ListingRuns();
    const a = run();
    runs.started('a', a);
    runs.ended('a');
    runs.extractionStarts(['a']);
    expect(a.state.cancelled).toBe(0);
  });
});

describe('ListingRuns.untilEnded', () => {
  it("gives a running listing's outcome when it ends, and nothing at once when none runs", async () => {
    const runs = new ListingRuns<string>();
    expect(await runs.untilEnded('a')).toBeUndefined();
    runs.started('a', run());
    const waited = runs.untilEnded('a');
    runs.ended('a', 'listed');
    expect(await waited).toBe('listed');
  });

  it('wakes whoever waits when the extraction cancels the listing', async () => {
    const runs = new ListingRuns<string>();
    runs.started('a', run());
    const waited = runs.untilEnded('a');
    runs.extractionStarts(['a']);
    expect(await waited).toBeUndefined();
  });
});
