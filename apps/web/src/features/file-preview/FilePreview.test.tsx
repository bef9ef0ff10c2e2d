import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { FilePreview } from './FilePreview';
import { fileOf, nativeBlob } from './test-blob';

// Kept in variables: asserting on `URL.revokeObjectURL` itself reads an unbound method.
let createObjectURL: MockInstance<typeof URL.createObjectURL>;
let revokeObjectURL: MockInstance<typeof URL.revokeObjectURL>;
beforeEach(() => {
  createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('FilePreview', () => {
  it('shows text as text in a scrollable, focusable region, after a loading state', async () => {
    render(<FilePreview file={fileOf('notes.txt', await nativeBlob('Hello <b>world</b>'))} />);
    expect(screen.getByRole('status').textContent).toBe('Loading preview…');
    const region = screen.getByRole('region', { name: 'Preview of notes.txt' });
    expect(region.tabIndex).toBe(0);
    expect(await screen.findByText('Hello <b>world</b>')).toBeTruthy();
    expect(region.querySelector('b')).toBeNull();
  });

  it('shows HTML with script as inert text and a warning badge', async () => {
    const html = '<img src=x onerror="alert(1)"><script>steal()</script>';
    const { container } = render(<FilePreview file={fileOf('page.html', await nativeBlob(html))} />);
    expect(await screen.findByText('Contains script-like content — shown as plain text only')).toBeTruthy();
    expect(container.querySelector('pre')?.textContent).toBe(html);
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('warns when a large file is cut to its first portion', async () => {
    render(<FilePreview file={fileOf('big.log', await nativeBlob('line\n'.repeat(5000)))} />);
    expect(await screen.findByText('Large file - showing first portion only. Download for complete content.')).toBeTruthy();
  });

  it('says so when a text-like file does not decode', async () => {
    render(<FilePreview file={fileOf('broken.txt', await nativeBlob(new Uint8Array([0xc3, 0x28, 0xff])))} />);
    expect(await screen.findByText('Error: Unable to decode file content')).toBeTruthy();
  });

  it('shows other files as a hex dump of their first 4 KB', async () => {
    const { container } = render(<FilePreview file={fileOf('tool.exe', await nativeBlob(new Uint8Array(5000).fill(0x4d)))} />);
    expect(await screen.findByText('Showing the first 4 KB as hexadecimal')).toBeTruthy();
    const lines = container.querySelector('pre')?.textContent?.split('\n') ?? [];
    expect(lines).toHaveLength(256);
    expect(lines[0]).toBe('00000000  4d 4d 4d 4d 4d 4d 4d 4d  4d 4d 4d 4d 4d 4d 4d 4d  |MMMMMMMMMMMMMMMM|');
  });

  it('shows a raster image from a blob URL and revokes it on close', async () => {
    const { unmount } = render(<FilePreview file={fileOf('photo.png', await nativeBlob('x', 'image/png'))} />);
    expect(screen.getByRole('img', { name: 'photo.png' })).toHaveProperty('src', 'blob:preview');
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('plays audio and video with the browser controls', async () => {
    const { container, unmount } = render(<FilePreview file={fileOf('song.mp3', await nativeBlob('x'))} />);
    expect(container.querySelector('audio[controls]')?.getAttribute('src')).toBe('blob:preview');
    unmount();
    render(<FilePreview file={fileOf('clip.mp4', await nativeBlob('x'))} />);
    expect(document.querySelector('video[controls]')?.getAttribute('src')).toBe('blob:preview');
  });

  it('never hands a PDF to the browser viewer that runs PDF scripts, and says so when PDF.js cannot run', async () => {
    const { container } = render(<FilePreview file={fileOf('manual.pdf', await nativeBlob('%PDF-1.7'))} />);
    // Its name heads the viewer. PDF.js is loaded on demand, and it does not load in jsdom (no
    // DOMMatrix), as in a browser too old for it: the preview then says it cannot show the PDF.
    // The real viewer is tested in Chromium (e2e/pdf-preview.test.ts).
    const toolbar = await screen.findByRole('toolbar', { name: 'PDF preview of manual.pdf' });
    expect(toolbar.textContent).toBe('manual.pdf');
    expect(await screen.findByText('This PDF could not be displayed. Download it to open it.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview of manual.pdf' })).toBeTruthy();
    expect(container.querySelector('object, embed, iframe')).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('renders nothing for an empty file', async () => {
    const { container } = render(<FilePreview file={fileOf('empty.txt', await nativeBlob(''))} />);
    expect(container.innerHTML).toBe('');
  });
});
