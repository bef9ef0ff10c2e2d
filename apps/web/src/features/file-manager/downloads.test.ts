import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadAsZip, downloadEach, downloadFile, zipEntryNames, zipFileName } from './downloads';
import { makeFile, makeFiles } from './test-files';

// jsdom's Blob has no stream(), which client-zip needs; the real ZIP is checked in downloads-zip.test.ts.
vi.mock('client-zip', () => ({
  downloadZip: () => new Response('PK fake zip'),
}));

describe('zipFileName', () => {
  it('names the ZIP after the archive without its archive extensions', () => {
    expect(zipFileName('photos.zip')).toBe('photos-extracted.zip');
    expect(zipFileName('photos.tar.gz')).toBe('photos-extracted.zip');
    expect(zipFileName('a.part1.rar')).toBe('a-extracted.zip');
    expect(zipFileName('x.7z.001')).toBe('x-extracted.zip');
  });

  it('falls back to extracted-files.zip for a batch or an empty name', () => {
    expect(zipFileName(null)).toBe('extracted-files.zip');
    expect(zipFileName('  ')).toBe('extracted-files.zip');
  });
});

describe('zipEntryNames', () => {
  it('keeps ordinary paths', () => {
    expect(zipEntryNames(['a/b.txt', 'c.txt'])).toEqual(['a/b.txt', 'c.txt']);
  });

  it("moves an opened nested archive's contents beside the archive file", () => {
    expect(zipEntryNames(['a/inner.zip', 'a/inner.zip/x.txt'])).toEqual(['a/inner.zip', 'a/inner.zip-extracted/x.txt']);
  });

  it('never gives two entries the same name, ignoring case', () => {
    expect(zipEntryNames(['A.txt', 'a.txt', 'a.txt', 'README'])).toEqual(['A.txt', 'a (2).txt', 'a (3).txt', 'README']);
    expect(zipEntryNames(['x/README', 'x/readme'])).toEqual(['x/README', 'x/readme (2)']);
  });

  it('renames what Windows reserves or alters and replaces direction controls, in every segment', () => {
    expect(zipEntryNames(['CON.zip/aux.txt', 'x/nul', 'C:x/notes. ', 'invoice\u202efdp.exe'])).toEqual([
      '_CON.zip/_aux.txt',
      'x/_nul',
      'C_x/notes__',
      'invoice_fdp.exe',
    ]);
  });

  it('numbers 20,000 equal names in order, each once', () => {
    const names = zipEntryNames(Array.from({ length: 20_000 }, () => 'a.txt'));
    expect(names.slice(0, 2)).toEqual(['a.txt', 'a (2).txt']);
    expect(names[19_999]).toBe('a (20000).txt');
    expect(new Set(names).size).toBe(20_000);
  });

  it('drops empty, current and parent segments', () => {
    expect(zipEntryNames(['../../etc//passwd', './'])).toEqual(['etc/passwd', 'file']);
  });
});

describe('saving files', () => {
  const saved: string[] = [];
  const revoke = vi.fn();

  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:test');
    revoke.mockReset();
    URL.revokeObjectURL = revoke;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('downloads one file under its name and revokes the URL later', async () => {
    vi.useFakeTimers();
    await downloadFile(makeFile('docs/readme.txt'));
    expect(saved).toEqual(['readme.txt']);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:test');
  });

  it('downloads a file under a name Windows can keep', async () => {
    await downloadFile(makeFile('aux.txt'));
    await downloadFile(makeFile('docs/LPT1'));
    await downloadFile(makeFile('report.pdf.'));
    expect(saved).toEqual(['_aux.txt', '_LPT1', 'report.pdf_']);
  });

  it('downloads each file 100 ms apart', async () => {
    vi.useFakeTimers();
    const done = downloadEach(makeFiles('a.txt', 'b.txt', 'c.txt'));
    expect(saved).toEqual(['a.txt']);
    await vi.advanceTimersByTimeAsync(100);
    expect(saved).toEqual(['a.txt', 'b.txt']);
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe(3);
    expect(saved).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('stops the staggered downloads when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const done = downloadEach(makeFiles('a.txt', 'b.txt', 'c.txt'), { signal: controller.signal });
    controller.abort();
    await expect(done).resolves.toBe(1);
    expect(saved).toEqual(['a.txt']);
  });

  it('downloads the ZIP under the archive name', async () => {
    await downloadAsZip([makeFile('a.txt')], 'photos.tar.gz');
    expect(saved).toEqual(['photos-extracted.zip']);
  });
});
