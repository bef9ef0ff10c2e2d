import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import { buildFileTree } from './file-tree';
import { FileTreeView } from './FileTreeView';
import { makeFile, makeManyFiles } from './test-files';

const actions: FileActions = {
  selectedIds: new Set(),
  onSelectedChange: vi.fn(),
  onDownload: vi.fn(),
  openingIds: new Set(),
  openedIds: new Set(['inner']),
};

function renderTree(files: readonly ExtractedFile[], revealAll = false) {
  render(
    <FileTreeView tree={buildFileTree(files)} shown={Int32Array.from(files.keys())} actions={actions} revealAll={revealAll} />,
  );
  return screen.getByRole('list', { name: 'Files by folder' });
}

describe('FileTreeView', () => {
  const files = [
    makeFile('readme.txt', { size: 10 }),
    makeFile('docs/guide.pdf', { size: 2048 }),
    makeFile('docs/inner.zip', { id: 'inner', size: 100 }),
    makeFile('docs/inner.zip/notes.txt', { parentId: 'inner' }),
  ];

  it('starts collapsed: folders first with their totals, then files, each row placed for screen readers', () => {
    const tree = renderTree(files);
    const rows = within(tree).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const folder = within(rows[0]!).getByRole('button', { name: /docs/ });
    expect(folder.textContent).toContain('3 files, 2.1 KB');
    expect(folder.getAttribute('aria-expanded')).toBe('false');
    expect(within(rows[1]!).getByText('readme.txt')).toBeTruthy();
    expect(
      rows.map((row) => [row.getAttribute('aria-level'), row.getAttribute('aria-posinset'), row.getAttribute('aria-setsize')]),
    ).toEqual([
      ['1', '1', '2'],
      ['1', '2', '2'],
    ]);
  });

  it('expands and collapses a folder with its button, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    renderTree(files);
    const folder = screen.getByRole('button', { name: /docs/ });
    expect(screen.queryByText('guide.pdf')).toBeNull();
    await user.click(folder);
    expect(screen.getByRole('button', { name: /docs/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('guide.pdf').closest('li')?.getAttribute('aria-level')).toBe('2');
    screen.getByRole('button', { name: /docs/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('guide.pdf')).toBeNull();
  });

  it("shows an opened archive's files beneath it, collapsible", async () => {
    const user = userEvent.setup();
    renderTree(files, true);
    expect(screen.getByText('notes.txt').getAttribute('title')).toBe('docs/inner.zip/notes.txt');
    await user.click(screen.getByRole('button', { name: 'Hide contents of inner.zip' }));
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show contents of inner.zip' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('renders a bounded number of rows of a folder with 100,000 files, without "Show more"', async () => {
    const user = userEvent.setup();
    const many = makeManyFiles(100_000, (index) => `top/file${index}.txt`);
    renderTree(many);
    await user.click(screen.getByRole('button', { name: /^top/ }));
    const cards = screen.getAllByRole('checkbox');
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.length).toBeLessThan(40);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(screen.getByText('file0.txt').closest('li')?.getAttribute('aria-setsize')).toBe('100000');
  });
});
