import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RATE_STAGES, nextEstimate, startEstimate } from './progress-model';
import ProgressPanel from './ProgressPanel';

const noop = () => undefined;

describe('ProgressPanel', () => {
  it('says nothing of the time left while the rate is unknown (no fixed guess)', () => {
    render(<ProgressPanel percent={30} running done={0} total={1} onCancel={noop} estimate={null} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Estimated time remaining|seconds/);
  });

  it('states the time left of the current stage from its measured rate', () => {
    // The extraction stage moves 5 % of itself every 4 s: the last 95 % take 76 s.
    const now = performance.now();
    const estimate = [50.5, 51, 51.5, 52].reduce(
      (current, percent, index) => nextEstimate(current, percent, now - 4000 + (index + 1) * 1000),
      nextEstimate(startEstimate(RATE_STAGES), 50, now - 4000),
    );
    render(<ProgressPanel percent={52} running done={0} total={1} onCancel={noop} estimate={estimate} />);
    expect(screen.getByText('Estimated time remaining: about 76 seconds')).toBeTruthy();
  });

  it('names the archive being extracted in a batch: "Archive 1 of 2" while the first runs', () => {
    render(<ProgressPanel percent={10} running done={0} total={2} onCancel={noop} estimate={null} />);
    expect(screen.getByText('Archive 1 of 2')).toBeTruthy();
  });
});
