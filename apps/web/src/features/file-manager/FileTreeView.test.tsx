import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import { FileTreeView } from './FileTreeView';
import { makeFile } from './test-files';

const actions: FileActions = {
  selectedIds: new Set(),
  onSelectedChange: vi.fn(),
  onDownload: vi.fn(),
  openingIds: new Set(),
  openedIds: new Set(['inner']),
};

function renderTree(files: readonly ExtractedFile[]) {
  render(<FileTreeView files={files} actions={actions} />);
  return screen.getByRole('list', { name: 'Files by folder' });
}

describe('FileTreeView', () => {
  const files = [
    makeFile('readme.txt', { size: 10 }),
    makeFile('docs/guide.pdf', { size: 2048 }),
    makeFile('docs/inner.zip', { id: 'inner', size: 100 }),
    makeFile('docs/inner.zip/notes.txt', { parentId: 'inner' }),
  ];

  it('shows folders first with their totals, then files', () => {
    const tree = renderTree(files);
    const top = within(tree)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === tree);
    expect(top).toHaveLength(2);
    expect(within(top[0]!).getByRole('button', { name: /docs/ }).textContent).toContain('3 files, 2.1 KB');
    expect(within(top[1]!).getByText('readme.txt')).toBeTruthy();
  });

  it('collapses and expands a folder with its button', async () => {
    const user = userEvent.setup();
    renderTree(files);
    const folder = screen.getByRole('button', { name: /docs/ });
    expect(folder.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('guide.pdf')).toBeTruthy();
    await user.click(folder);
    expect(folder.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('guide.pdf')).toBeNull();
    folder.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('guide.pdf')).toBeTruthy();
  });

  it("shows an opened archive's files beneath it, collapsible", async () => {
    const user = userEvent.setup();
    renderTree(files);
    expect(screen.getByText('notes.txt').getAttribute('title')).toBe('docs/inner.zip/notes.txt');
    await user.click(screen.getByRole('button', { name: 'Hide contents of inner.zip' }));
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show contents of inner.zip' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens only the top level of a large tree and pages long folders', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 260 }, (_, index) => makeFile(`top/sub/file${index}.txt`));
    renderTree([...many, makeFile('top/other/x.txt')]);
    expect(screen.getByRole('button', { name: /^top/ }).getAttribute('aria-expanded')).toBe('true');
    const sub = screen.getByRole('button', { name: /^sub/ });
    expect(sub.getAttribute('aria-expanded')).toBe('false');
    await user.click(sub);
    expect(screen.getAllByRole('checkbox')).toHaveLength(200);
    await user.click(screen.getByRole('button', { name: 'Show more (60 more files)' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(260);
  });
});
