import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import { FileManager } from './FileManager';
import { toRemoteFiles } from '../server-extraction/to-remote-files';
import { makeFile } from './test-files';

const hex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

// "表だよ.txt" in Shift-JIS, which the engine read as IBM437 here (a wrong guess).
const wrongGuess: ExtractedFile = { ...makeFile('ò\\éẃé│.txt'), storedName: { prefix: '', raw: hex('955c82be82e62e747874') } };
const plain: ExtractedFile = { ...makeFile('notes.txt'), storedName: { prefix: '' } };
const saved: string[] = [];

const cardNames = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label')?.replace('Select ', ''));

describe('the names encoding picker', () => {
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('is not shown when no name has stored bytes beyond ASCII', () => {
    render(<FileManager files={[plain]} archiveName="a.zip" />);
    expect(screen.queryByLabelText('Names encoding')).toBeNull();
  });

  it('names every file again at once, for the cards, the search and the download', async () => {
    const user = userEvent.setup();
    render(<FileManager files={[wrongGuess, plain]} archiveName="a.zip" />);
    const picker = screen.getByLabelText('Names encoding');
    expect(picker).toHaveProperty('value', 'auto');
    await user.selectOptions(picker, 'shift_jis');
    expect(cardNames()).toEqual(['notes.txt', '表だよ.txt']);
    await user.type(screen.getByRole('searchbox'), 'だよ');
    expect(await screen.findByText(/^Showing 1 of 2 files/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download 表だよ.txt' }));
    expect(saved).toEqual(['表だよ.txt']);
    await user.clear(screen.getByRole('searchbox'));
    await user.selectOptions(picker, 'auto');
    expect(cardNames()).toContain(wrongGuess.name);
  });

  it('is shown for files extracted on the server too, from the stored bytes in the job', async () => {
    const user = userEvent.setup();
    const served = toRemoteFiles(
      [
        { id: '0', path: 'ò/éẃé│.txt', size: 4, type: 'text/plain', sha256: 'a'.repeat(64), rawName: 'lVyCvoLmLnR4dA==' },
        { id: '1', path: 'notes.txt', size: 4, type: 'text/plain', sha256: 'b'.repeat(64) },
      ],
      { jobId: 'J1', archiveName: 'a.zip', prefix: '' },
    );
    render(<FileManager files={served} archiveName="a.zip" />);
    await user.selectOptions(screen.getByLabelText('Names encoding'), 'shift_jis');
    expect(cardNames()).toEqual(['notes.txt', '表だよ.txt']);
  });
});
