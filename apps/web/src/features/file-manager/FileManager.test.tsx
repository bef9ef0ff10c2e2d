import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileManager, type FileManagerProps } from './FileManager';
import { makeFile, makeManyFiles } from './test-files';

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
    // Folders start collapsed, however few files there are; a narrowing search opens them.
    expect(screen.getByRole('button', { name: /photos/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Select beach.jpg' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'beach');
    expect(screen.getByRole('button', { name: /photos/ }).getAttribute('aria-expanded')).toBe('true');
    expect(cardNames()).toEqual(['beach.jpg']);
  });

  it('downloads one file', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    expect(saved).toEqual(['report.pdf']);
  });

  it('renders a bounded number of the 100,000 files it lists, in every view, and still searches and sorts them', async () => {
    const user = userEvent.setup();
    const many = makeManyFiles(100_000, (index) => `dir${index % 50}/f${index}.${index % 2 ? 'txt' : 'png'}`);
    renderManager({ files: many });
    expect(summary().textContent).toBe('Showing 100,000 of 100,000 files');
    const rendered = () => screen.queryAllByRole('article').length;
    expect(rendered()).toBeGreaterThan(3);
    expect(rendered()).toBeLessThan(40);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(cardNames().slice(0, 3)).toEqual(['f0.png', 'f1.txt', 'f2.png']);

    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(rendered()).toBeLessThan(60);
    await user.click(screen.getByRole('button', { name: 'Tree view' }));
    expect(screen.getAllByRole('button', { name: /^dir\d+/ }).length).toBeLessThan(50);
    expect(rendered()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'List view' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Size');
    await user.click(screen.getByRole('button', { name: /A-Z/ }));
    expect(cardNames().slice(0, 2)).toEqual(['f99999.txt', 'f99998.png']);
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'f7777');
    expect(summary().textContent).toBe('Showing 11 of 100,000 files matching "f7777"');
    expect(cardNames().slice(0, 2)).toEqual(['f77779.txt', 'f77778.png']);
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
