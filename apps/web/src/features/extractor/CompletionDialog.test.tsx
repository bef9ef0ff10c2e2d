import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CompletionDialog from './CompletionDialog';

/** As on the home page: the Extract button had focus and is disabled once the run is over. */
function Page() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" disabled>
        Extract Files Now
      </button>
      <h2 ref={heading} tabIndex={-1}>
        Extracted Files (3)
      </h2>
      {open && <CompletionDialog fileCount={3} onClose={() => setOpen(false)} returnFocusTo={heading} />}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CompletionDialog', () => {
  it('gives focus to the file manager’s heading when it closes itself, not to <body>', async () => {
    vi.useFakeTimers();
    render(<Page />);
    expect(screen.getByRole('dialog', { name: 'Extraction Complete!' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Extracted Files (3)' }));
  });
});
