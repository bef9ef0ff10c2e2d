import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeServerFiles } from '../file-manager/test-files';
import { ChecksumLine } from './ChecksumLine';
import { FilePreview } from './FilePreview';
import { Thumbnail } from './Thumbnail';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a file extracted on the server', () => {
  it("shows the server's SHA-256 at once, without reading the file", () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const [file] = makeServerFiles('J1', 'setup.cfg');
    render(<ChecksumLine file={file!} />);
    expect(screen.getByText('0'.repeat(64))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy SHA-256 checksum of setup.cfg' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show SHA-256/ })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows its thumbnail from its URL', () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const [photo] = makeServerFiles('J1', 'photo.png');
    const { container } = render(<Thumbnail file={{ ...photo!, category: 'images' }} size="large" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/extractions/J1/files/0');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('previews text from the first bytes only, fetched with a Range request', async () => {
    const fetchSpy = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response('[metadata]\nname = demo\n', { status: 206 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const [file] = makeServerFiles('J1', 'setup.cfg');
    render(<FilePreview file={file!} />);
    expect(await screen.findByText(/name = demo/)).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/extractions/J1/files/0');
    expect(new Headers(init?.headers).get('range')).toBe(`bytes=0-${64 * 1024}`);
  });

  it('says the file has expired when the server answers 410, not that it could not be read', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 410 }));
    const [file] = makeServerFiles('J1', 'tool.exe');
    render(<FilePreview file={file!} />);
    expect(
      await screen.findByText('These files have been deleted from our server. Extract the archive again to get them.'),
    ).toBeTruthy();
  });
});
