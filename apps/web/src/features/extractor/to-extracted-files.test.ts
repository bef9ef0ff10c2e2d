// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toExtractedFiles } from './to-extracted-files';

const entry = (path: string, size: number) => ({ path, type: 'file' as const, size });

describe('toExtractedFiles', () => {
  it('cuts each file out of the Blob it shares only when asked, and only once', async () => {
    const batch = new Blob(['hello', 'world!']);
    const slice = { blob: batch, offset: 5, size: 6 };
    const [file] = toExtractedFiles(
      { entries: [entry('b.txt', 6)], files: new Map([['b.txt', slice]]) },
      { archiveName: 'a.zip', prefix: '' },
    );
    expect(file).toMatchObject({ path: 'b.txt', name: 'b.txt', size: 6, archiveName: 'a.zip', category: 'documents' });
    const blob = file?.blob;
    expect(blob).not.toBe(batch);
    expect(await blob?.text()).toBe('world!');
    // The same object every time: previews and checksums are keyed on it.
    expect(file?.blob).toBe(blob);
  });

  it('flags a file whose stored name held direction controls, and no other', () => {
    const bytes = { blob: new Blob(['ab']), offset: 0, size: 1 };
    const files = toExtractedFiles(
      {
        entries: [
          { ...entry('invoice_fdp.exe', 1), originalName: 'invoice\u202efdp.exe' },
          { ...entry('docs/a (2).txt', 1), originalName: 'docs/a.txt' },
        ],
        files: new Map([
          ['invoice_fdp.exe', bytes],
          ['docs/a (2).txt', { ...bytes, offset: 1 }],
        ]),
      },
      { archiveName: 'a.zip', prefix: '' },
    );
    expect(files.map((file) => file.directionControls)).toEqual([true, undefined]);
  });

  it('hands over a Blob the file has to itself as it is', () => {
    const own = new Blob(['x'.repeat(10)]);
    const [file] = toExtractedFiles(
      { entries: [entry('big.bin', 10)], files: new Map([['big.bin', { blob: own, offset: 0, size: 10 }]]) },
      { archiveName: 'a.zip', prefix: 'a.zip' },
    );
    expect(file?.blob).toBe(own);
    expect(file?.path).toBe('a.zip/big.bin');
  });

  it('makes a Blob of the bytes the worker handed over when first asked, and lets them go', async () => {
    const parts = [new TextEncoder().encode('held '), new TextEncoder().encode('bytes')];
    const slice = { parts, size: 10 };
    const [file] = toExtractedFiles(
      { entries: [entry('h.txt', 10)], files: new Map([['h.txt', slice]]) },
      { archiveName: 'a.zip', prefix: '' },
    );
    expect(file?.size).toBe(10);
    const blob = file?.blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob?.text()).toBe('held bytes');
    expect(file?.blob).toBe(blob);
    // The Blob is a copy: the held bytes may be collected (the page's held-output account).
    parts[0]?.fill(0);
    expect(await file?.blob?.text()).toBe('held bytes');
  });

  it('leaves out folders and entries without bytes', () => {
    const files = toExtractedFiles(
      { entries: [{ path: 'dir', type: 'dir', size: 0 }, entry('gone.txt', 3)], files: new Map() },
      { archiveName: 'a.zip', prefix: '' },
    );
    expect(files).toEqual([]);
  });
});
