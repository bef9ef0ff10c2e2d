import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as FilePreviewModule from '../file-preview';
import { FileCard, type FileCardProps } from './FileCard';
import { makeFile } from './test-files';

// The real previewer decodes files; here it only has to show that the card opens it for text.
vi.mock('../file-preview', async (importOriginal) => ({
  ...(await importOriginal<typeof FilePreviewModule>()),
  previewKind: (file: { name: string }) => (file.name.endsWith('.txt') ? 'text' : null),
  FilePreview: ({ file }: { file: { name: string } }) => <p>Preview body of {file.name}</p>,
}));

function renderCard(props: Partial<FileCardProps> = {}) {
  const handlers = { onSelectedChange: vi.fn(), onDownload: vi.fn(), onOpenArchive: vi.fn() };
  const file = props.file ?? makeFile('docs/notes.txt', { content: 'x'.repeat(1536) });
  render(<FileCard file={file} layout="row" thumbnailSize="medium" selected={false} {...handlers} {...props} />);
  return { file, ...handlers };
}

describe('FileCard', () => {
  it('shows the name with the full path as title, the category and the size', () => {
    renderCard();
    expect(screen.getByText('notes.txt')).toHaveProperty('title', 'docs/notes.txt');
    expect(screen.getByText('Documents · 1.5 KB')).toBeTruthy();
  });

  it('shows the archive’s time for the file, when it gave one, as the visitor’s language writes it', () => {
    const modified = Date.UTC(2001, 1, 3, 4, 5, 6);
    renderCard({ file: makeFile('docs/notes.txt', { content: 'x'.repeat(1536), modified }) });
    const time = screen.getByTitle('Last modified');
    expect(time.getAttribute('datetime')).toBe('2001-02-03T04:05:06.000Z');
    expect(time.textContent).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(modified));
    cleanup();
    renderCard();
    expect(screen.queryByTitle('Last modified')).toBeNull();
  });

  it('marks a file whose stored name held direction controls and says why', () => {
    renderCard({ file: { ...makeFile('invoice_fdp.exe'), directionControls: true } });
    expect(screen.getByText('Renamed')).toBeTruthy();
    const article = screen.getByRole('article');
    // Both sentences describe the card: the name was made to read backwards, and it is a program.
    const described = (article.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual([expect.stringMatching(/hidden characters that reverse/), expect.stringMatching(/program or script/)]);
  });

  it('flags a program dressed as a document, and one that is not', () => {
    renderCard({ file: makeFile('photos/holiday.jpg.exe') });
    expect(screen.getByText('Disguised')).toBeTruthy();
    const describedBy = screen.getByRole('article').getAttribute('aria-describedby') ?? '';
    // The decoy extension is isolated, so it reads the same in a right-to-left sentence.
    expect(document.getElementById(describedBy)?.textContent).toBe('A program named to look like a \u2066.jpg\u2069 file.');
    cleanup();
    renderCard({ file: makeFile('setup.msi') });
    expect(screen.getByText('Program')).toBeTruthy();
  });

  it('shows no marker for an ordinary name', () => {
    renderCard();
    expect(screen.queryByText('Renamed')).toBeNull();
    expect(screen.getByRole('article').getAttribute('aria-describedby')).toBeNull();
  });

  it('downloads and selects the file', async () => {
    const user = userEvent.setup();
    const { file, onDownload, onSelectedChange } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
    expect(onDownload).toHaveBeenCalledWith(file);
    await user.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    expect(onSelectedChange).toHaveBeenCalledWith(file, true);
  });

  it('toggles the preview for previewable files', async () => {
    const user = userEvent.setup();
    renderCard();
    const toggle = screen.getByRole('button', { name: 'Preview notes.txt' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByText('Preview body of notes.txt')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Hide Preview');
    await user.click(toggle);
    expect(screen.queryByText('Preview body of notes.txt')).toBeNull();
  });

  it('offers no preview when the file has none', () => {
    renderCard({ file: makeFile('song.mp3') });
    expect(screen.queryByRole('button', { name: /Preview/ })).toBeNull();
  });

  it('offers to open an archive that is not open yet', async () => {
    const user = userEvent.setup();
    const file = makeFile('inner.zip');
    const { onOpenArchive } = renderCard({ file });
    await user.click(screen.getByRole('button', { name: 'Open archive inner.zip' }));
    expect(onOpenArchive).toHaveBeenCalledWith(file);
  });

  it('shows a busy button while the archive opens, and ignores clicks', async () => {
    const user = userEvent.setup();
    const { onOpenArchive } = renderCard({ file: makeFile('inner.zip'), opening: true });
    const button = screen.getByRole('button', { name: 'Opening inner.zip…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onOpenArchive).not.toHaveBeenCalled();
  });

  it('offers no Open archive once opened or without a handler', () => {
    const { unmount } = render(
      <FileCard
        file={makeFile('a.zip')}
        layout="tile"
        thumbnailSize="large"
        selected
        onSelectedChange={vi.fn()}
        onDownload={vi.fn()}
        opened
        onOpenArchive={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Open archive/ })).toBeNull();
    unmount();
    renderCard({ file: makeFile('a.zip'), onOpenArchive: undefined });
    expect(screen.queryByRole('button', { name: /Open archive/ })).toBeNull();
  });

  it('offers no Open archive for a file that is not an archive', () => {
    renderCard({ file: makeFile('photo.png') });
    expect(screen.queryByRole('button', { name: /Open archive/ })).toBeNull();
  });
});
