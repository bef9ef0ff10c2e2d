import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import { FileManager, type FileManagerProps } from './FileManager';
import { makeFile } from './test-files';

const files = [
  makeFile('photos/beach.jpg', { size: 2048 }),
  makeFile('docs/report.pdf', { size: 1024 }),
  makeFile('nested.zip', { id: 'nested', size: 512 }),
];
const saved: string[] = [];

function renderManager(props: Partial<FileManagerProps> = {}) {
  render(
    <>
      <FileManager files={files} archiveName="holiday.rar" {...props} />
      <Toaster />
    </>,
  );
}

const summary = () => screen.getByText(/^Showing/);
/** The files in the order shown, read from their checkboxes' names ('Select <name>'). */
const cardNames = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label')?.replace('Select ', ''));

describe('FileManager', () => {
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists every file, sorted by name, with the title, tiles and summary', () => {
    renderManager();
    expect(screen.getByRole('heading', { name: 'Extracted Files (3)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Images/ }).getAttribute('aria-pressed')).toBe('false');
    expect(summary().textContent).toBe('Showing 3 of 3 files');
    expect(cardNames()).toEqual(['beach.jpg', 'nested.zip', 'report.pdf']);
  });

  it('searches and filters, saying so in the summary', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'PHOTOS');
    expect(summary().textContent).toBe('Showing 1 of 3 files matching "PHOTOS"');
    expect(cardNames()).toEqual(['beach.jpg']);

    await user.click(screen.getByRole('button', { name: /Documents/ }));
    expect(summary().textContent).toBe('Showing 0 of 3 files matching "PHOTOS" in Documents');
    expect(screen.getByText('No files match your search criteria.')).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Search files' }));
    expect(cardNames()).toEqual(['report.pdf']);
    await user.click(screen.getByRole('button', { name: /Documents/ }));
    expect(summary().textContent).toBe('Showing 3 of 3 files');
  });

  it('sorts by size, descending', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Size');
    expect(cardNames()).toEqual(['nested.zip', 'report.pdf', 'beach.jpg']);
    await user.click(screen.getByRole('button', { name: /A-Z/ }));
    expect(cardNames()).toEqual(['beach.jpg', 'report.pdf', 'nested.zip']);
  });

  it('switches to the grid and the tree', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(cardNames()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Tree view' }));
    expect(screen.getByRole('list', { name: 'Files by folder' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /photos/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('downloads one file', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    expect(saved).toEqual(['report.pdf']);
  });

  it('shows 200 cards at a time', async () => {
    const user = userEvent.setup();
    const many: ExtractedFile[] = Array.from({ length: 450 }, (_, index) => makeFile(`f${index}.txt`));
    renderManager({ files: many });
    expect(screen.getAllByRole('article')).toHaveLength(200);
    await user.click(screen.getByRole('button', { name: 'Show more (250 more files)' }));
    expect(screen.getAllByRole('article')).toHaveLength(400);
    expect(summary().textContent).toBe('Showing 450 of 450 files');
  });

  it('selects files and clears the selection', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole('checkbox', { name: 'Select report.pdf' }));
    expect(screen.getByRole('button', { name: 'Download selected (1)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('button', { name: /Download selected/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select report.pdf' })).toHaveProperty('checked', false);
  });

  it('opens nested archives in place when it can', async () => {
    const user = userEvent.setup();
    const onOpenArchive = vi.fn();
    const { rerender } = render(<FileManager files={files} archiveName="holiday.rar" onOpenArchive={onOpenArchive} />);
    await user.click(screen.getByRole('button', { name: 'Open archive nested.zip' }));
    expect(onOpenArchive).toHaveBeenCalledWith(files[2]);
    rerender(
      <FileManager files={files} archiveName="holiday.rar" onOpenArchive={onOpenArchive} openingIds={new Set(['nested'])} />,
    );
    expect(screen.getByRole('button', { name: 'Opening nested.zip…' })).toBeTruthy();
    rerender(
      <FileManager files={files} archiveName="holiday.rar" onOpenArchive={onOpenArchive} openedIds={new Set(['nested'])} />,
    );
    expect(screen.getByRole('button', { name: 'Download nested.zip' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Open archive/ })).toBeNull();
  });
});
