import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toRemoteFiles } from '../server-extraction/to-remote-files';
import { downloadAsZip, downloadFile, serverZipUrl } from './downloads';
import { filesNamedIn, hasRawNames } from './names-encoding';
import { savedAsShown, zippedAsShown } from './server-names';

// jsdom's Blob has no stream(), which client-zip needs; here only its inputs matter.
const zipped = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('client-zip', () => ({
  downloadZip: (files: AsyncIterable<{ name: string }>) => {
    const body = (async () => {
      for await (const entry of files) zipped.names.push(entry.name);
      return new Blob(['PK fake zip']);
    })();
    return { blob: () => body };
  },
}));

// A server job of a zip made on a Russian DOS machine: "Отчёт/Привет.txt" and "Отчёт/plan.txt"
// stored in CP866, which the server read as CP437, and a plain ASCII name.
const OTCHET = [0x8e, 0xe2, 0xe7, 0xf1, 0xe2, 0x2f];
const PRIVET = [0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2];
const stored = (...parts: (number[] | string)[]) =>
  btoa(parts.map((part) => (typeof part === 'string' ? part : String.fromCharCode(...part))).join(''));
const serverFile = (id: string, path: string, rawName?: string) => ({
  id,
  path,
  size: 5,
  type: 'text/plain',
  sha256: id.repeat(64),
  ...(rawName === undefined ? {} : { rawName }),
});
const job = () =>
  toRemoteFiles(
    [
      serverFile('0', 'ÄΓτ±Γ/Åα¿óÑΓ.txt', stored(OTCHET, PRIVET, '.txt')),
      serverFile('1', 'ÄΓτ±Γ/plan.txt', stored(OTCHET, 'plan.txt')),
      serverFile('2', 'readme.txt'),
    ],
    { jobId: 'J1', archiveName: 'otchet.zip', prefix: '' },
  );

describe('server files under a names encoding chosen in the page', () => {
  const clicked: { href: string; download: string }[] = [];
  const fetched: string[] = [];

  beforeEach(() => {
    clicked.length = 0;
    fetched.length = 0;
    zipped.names.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:page');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(`bytes of ${url}`);
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers the picker, and under Auto leaves the downloads and the ZIP to the server', async () => {
    const files = job();
    expect(hasRawNames(files)).toBe(true);
    expect(filesNamedIn(files, 'auto')).toBe(files);
    expect(files.every((file) => savedAsShown(file) && zippedAsShown(file))).toBe(true);
    await downloadFile(files[0]!);
    await downloadAsZip(files, 'otchet.zip');
    expect(clicked).toEqual([
      { href: '/api/extractions/J1/files/0', download: files[0]!.name },
      { href: '/api/extractions/J1/archive.zip', download: 'otchet-extracted.zip' },
    ]);
    expect(fetched).toEqual([]);
  });

  it('saves a renamed file from the page under its new name, and builds the ZIP in the page', async () => {
    const files = filesNamedIn(job(), 'cp866');
    const [renamed, folderOnly, plain] = files;
    expect(files.map((file) => file.path)).toEqual(['Отчёт/Привет.txt', 'Отчёт/plan.txt', 'readme.txt']);
    expect([savedAsShown(renamed!), zippedAsShown(renamed!)]).toEqual([false, false]);
    // Only its folder's name changed: the server's download name is still right, its ZIP path not.
    expect([savedAsShown(folderOnly!), zippedAsShown(folderOnly!)]).toEqual([true, false]);
    expect([savedAsShown(plain!), zippedAsShown(plain!)]).toEqual([true, true]);
    expect(serverZipUrl(files)).toBeNull();

    await downloadFile(renamed!);
    // The server would name it by its Content-Disposition, whatever the link said.
    expect(fetched).toEqual(['/api/extractions/J1/files/0']);
    expect(clicked).toEqual([{ href: 'blob:page', download: 'Привет.txt' }]);
    // A file whose name did not change still goes straight from its URL.
    await downloadFile(plain!);
    expect(clicked[1]).toEqual({ href: '/api/extractions/J1/files/2', download: 'readme.txt' });

    await downloadAsZip(files, 'otchet.zip');
    expect(zipped.names).toEqual(['Отчёт/Привет.txt', 'Отчёт/plan.txt', 'readme.txt']);
    expect(clicked[2]).toEqual({ href: 'blob:page', download: 'otchet-extracted.zip' });
  });

  it("keeps the server's ZIP when the chosen code page names every file as the server did", () => {
    const files = job();
    expect(serverZipUrl(filesNamedIn(files, 'cp437'))).toBe('/api/extractions/J1/archive.zip');
  });
});
