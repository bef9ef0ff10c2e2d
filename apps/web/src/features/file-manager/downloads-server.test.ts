import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createZip, downloadAsZip, downloadEach, downloadFile, serverZipUrl } from './downloads';
import { makeFile, makeServerFiles } from './test-files';

// jsdom's Blob has no stream(), which client-zip needs; here only its inputs matter.
const zipped = vi.hoisted(() => ({ entries: [] as { name: string; input: unknown }[] }));
vi.mock('client-zip', () => ({
  downloadZip: (files: AsyncIterable<{ name: string; input: unknown }>) => {
    const body = (async () => {
      for await (const entry of files) zipped.entries.push(entry);
      return new Blob(['PK fake zip']);
    })();
    return { blob: () => body };
  },
}));

describe('files extracted on the server', () => {
  const clicked: { href: string; download: string }[] = [];

  const createObjectURL = vi.fn(() => 'blob:test');

  beforeEach(() => {
    clicked.length = 0;
    zipped.entries.length = 0;
    createObjectURL.mockClear();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('downloads a file from its URL, without fetching it into the page', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const [file] = makeServerFiles('job1', 'docs/readme.txt');
    await downloadFile(file!);
    expect(clicked).toEqual([{ href: '/api/extractions/job1/files/0', download: 'readme.txt' }]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('downloads each file from its URL, 100 ms apart', async () => {
    vi.useFakeTimers();
    const done = downloadEach(makeServerFiles('job1', 'a.txt', 'b.txt'));
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe(2);
    expect(clicked.map((link) => link.href)).toEqual(['/api/extractions/job1/files/0', '/api/extractions/job1/files/1']);
  });

  it("uses the server's ZIP for exactly one job's files, and the page's ZIP otherwise", () => {
    const job = makeServerFiles('job1', 'a.txt', 'b.txt', 'c.txt');
    expect(serverZipUrl(job)).toBe('/api/extractions/job1/archive.zip');
    // A selection, files of two jobs, or a nested archive's files opened in the page.
    expect(serverZipUrl(job.slice(0, 2))).toBeNull();
    expect(serverZipUrl([...job.slice(0, 2), ...makeServerFiles('job2', 'd.txt')])).toBeNull();
    expect(serverZipUrl([...job, makeFile('c.txt/inner.txt')])).toBeNull();
    expect(serverZipUrl([makeFile('a.txt')])).toBeNull();
    expect(serverZipUrl([])).toBeNull();
  });

  it("hands the server's ZIP to the browser under the archive's ZIP name", async () => {
    await downloadAsZip(makeServerFiles('job1', 'a.txt', 'b.txt'), 'photos.7z');
    expect(clicked).toEqual([{ href: '/api/extractions/job1/archive.zip', download: 'photos-extracted.zip' }]);
    expect(zipped.entries).toEqual([]);
  });

  it('zips a selection in the page, fetching each server file as a stream', async () => {
    const fetchSpy = vi.fn(async (url: string) => new Response(`bytes of ${url}`));
    vi.stubGlobal('fetch', fetchSpy);
    const [first, second] = makeServerFiles('job1', 'a.txt', 'dir/b.txt', 'c.txt');
    await createZip([first!, second!, makeFile('local.txt')]);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/api/extractions/job1/files/0', '/api/extractions/job1/files/1']);
    expect(zipped.entries.map((entry) => entry.name)).toEqual(['a.txt', 'dir/b.txt', 'local.txt']);
    expect(zipped.entries[0]?.input).toBeInstanceOf(Response);
    expect(zipped.entries[2]?.input).toBeInstanceOf(Blob);
  });

  it('fails the ZIP when a server file has expired', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 410 }));
    const [first] = makeServerFiles('job1', 'a.txt', 'b.txt');
    await expect(createZip([first!])).rejects.toThrow(/410/);
  });
});
