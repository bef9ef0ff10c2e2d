import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkBar, type BulkBarProps } from './BulkBar';
import { makeFile } from './test-files';

// jsdom's Blob cannot feed client-zip (see downloads-zip.test.ts); the ZIP's making is held open
// so the test can see the busy state, or made to fail.
const zipControl = vi.hoisted(() => ({ fail: false, release: () => {} }));
vi.mock('client-zip', () => ({
  downloadZip: () => ({
    blob: () =>
      new Promise<Blob>((resolve, reject) => {
        zipControl.release = () => (zipControl.fail ? reject(new Error('boom')) : resolve(new Blob(['PK'])));
      }),
  }),
}));

const files = [makeFile('a.txt', { size: 1024 }), makeFile('b.png', { size: 512 })];
const saved: string[] = [];

function renderBar(props: Partial<BulkBarProps> = {}) {
  const handlers = { onSelectShown: vi.fn(), onClearSelection: vi.fn() };
  render(
    <>
      <BulkBar files={files} selected={[]} archiveName="photos.tar.gz" shownCount={2} {...handlers} {...props} />
      <Toaster />
    </>,
  );
  return handlers;
}

describe('BulkBar', () => {
  beforeEach(() => {
    saved.length = 0;
    zipControl.fail = false;
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('tells how many files are ready and their total size', () => {
    renderBar();
    expect(screen.getByText('2 files ready for download')).toBeTruthy();
    expect(screen.getByText(/Total size: 1\.5 KB/)).toBeTruthy();
  });

  it('creates the ZIP, disabled while working, then downloads it', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Download as ZIP' }));
    const busy = screen.getByRole('button', { name: 'Creating ZIP...' });
    expect(busy).toHaveProperty('disabled', true);
    zipControl.release();
    expect(await screen.findByText('Download started!')).toBeTruthy();
    expect(screen.getByText('Created ZIP file with 2 files')).toBeTruthy();
    expect(saved).toEqual(['photos-extracted.zip']);
    expect(screen.getByRole('button', { name: 'Download as ZIP' })).toHaveProperty('disabled', false);
  });

  it('reports a ZIP that could not be made', async () => {
    const user = userEvent.setup();
    zipControl.fail = true;
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Download as ZIP' }));
    zipControl.release();
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('Could not create ZIP file')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('downloads all files one by one', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Download All' }));
    expect(await screen.findByText('Downloads started!')).toBeTruthy();
    expect(screen.getByText('Downloading 2 files individually')).toBeTruthy();
    expect(saved[0]).toBe('a.txt');
  });

  it('offers the selection as a ZIP and clearing it', async () => {
    const user = userEvent.setup();
    const { onClearSelection } = renderBar({ selected: [files[0]!] });
    expect(screen.getByText('1 selected (1.0 KB)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download selected (1)' }));
    zipControl.release();
    expect(await screen.findByText('Created ZIP file with 1 file')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClearSelection).toHaveBeenCalled();
  });

  it('selects the shown files', async () => {
    const user = userEvent.setup();
    const { onSelectShown } = renderBar();
    expect(screen.queryByRole('button', { name: /Download selected/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select all 2 shown files' }));
    expect(onSelectShown).toHaveBeenCalled();
  });
});
