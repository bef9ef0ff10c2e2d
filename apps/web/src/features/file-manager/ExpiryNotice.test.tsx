import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileManager } from './FileManager';
import { makeExpiringServerFiles } from './test-files';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether a button is disabled, by itself or by its fieldset. */
const disabled = (name: string) => screen.getByRole('button', { name }).matches(':disabled');

/** Moves the clock on a second at a time, letting the page re-render (and re-arm its timer) after each. */
async function advance(ms: number) {
  for (let passed = 0; passed < ms; passed += 1000)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
}

describe('files extracted on the server, as their retention runs out', () => {
  it('says how long they stay, then that they expired: every action disabled, extracting again offered', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const files = makeExpiringServerFiles('job1', Date.now() + 30 * 60_000, 'docs/readme.txt', 'photo.jpg');
    const onExtractAgain = vi.fn();
    render(<FileManager files={files} archiveName="media-enc.zip" onExtractAgain={onExtractAgain} />);

    expect(screen.getByText('Kept on our server for about 30 minutes more, then deleted.')).toBeTruthy();
    expect(disabled('Download as ZIP')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    await advance(29 * 60_000 + 30_000);
    expect(screen.getByText('Kept on our server for about 30 seconds more, then deleted.')).toBeTruthy();
    await advance(31_000);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Files expired');
    expect(disabled('Download as ZIP')).toBe(true);
    expect(disabled('Download readme.txt')).toBe(true);
    expect(disabled('Preview readme.txt')).toBe(true);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Extract again' }));
    expect(onExtractAgain).toHaveBeenCalledOnce();
  });

  it('says nothing of expiry for files held in the page', () => {
    render(<FileManager files={makeExpiringServerFiles('job2', null, 'a.txt')} archiveName="a.zip" />);
    expect(screen.queryByText(/Kept on our server/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
