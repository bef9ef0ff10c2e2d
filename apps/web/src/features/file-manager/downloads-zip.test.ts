// @vitest-environment node
// Node's Blob streams as browsers' do; jsdom's cannot feed client-zip.
import { BlobReader, ZipReader } from '@zip.js/zip.js';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toExtractedFiles } from '../extractor/to-extracted-files';
import { createZip } from './downloads';
import { makeFile } from './test-files';

const encode = (text: string) => new TextEncoder().encode(text);

describe('createZip', () => {
  it('makes a ZIP holding every file under its entry name', async () => {
    const zip = await createZip([
      makeFile('a/inner.zip', { content: 'inner' }),
      makeFile('a/inner.zip/hello.txt', { content: 'hello' }),
      makeFile('b.txt', { content: 'bye' }),
    ]);
    const text = new TextDecoder().decode(await zip.arrayBuffer());
    expect(text.startsWith('PK')).toBe(true);
    expect(text).toContain('a/inner.zip-extracted/hello.txt');
    expect(text).toContain('hello');
    expect(text).toContain('b.txt');
    expect(text).toContain('bye');
  });

  it('keeps the archive’s time of each file that has one', async () => {
    const modified = Date.UTC(2001, 1, 3, 4, 5, 6);
    const zip = await createZip([makeFile('dated.txt', { modified }), makeFile('undated.txt')]);
    const entries = await new ZipReader(new BlobReader(zip)).getEntries();
    const times = new Map(entries.map((entry) => [entry.filename, entry.lastModDate.getTime()]));
    expect(times.get('dated.txt')).toBe(modified);
    expect(times.get('undated.txt')).not.toBe(modified);
  });

  it('writes the bytes the worker handed over as they are, without making a Blob of them', async () => {
    const entry = (path: string, size: number) => ({ path, type: 'file' as const, size });
    const files = toExtractedFiles(
      {
        entries: [entry('one.txt', 3), entry('pieces.txt', 11), entry('batched.txt', 5)],
        files: new Map([
          ['one.txt', { parts: [encode('one')], size: 3 }],
          ['pieces.txt', { parts: [encode('in '), encode('pieces'), encode('!!')], size: 11 }],
          ['batched.txt', { blob: new Blob(['xxbatchedyy']), offset: 2, size: 5 }],
        ]),
      },
      { archiveName: 'a.zip', prefix: '' },
    );
    const zip = unzipSync(new Uint8Array(await (await createZip(files)).arrayBuffer()));
    expect(Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]))).toEqual({
      'one.txt': 'one',
      'pieces.txt': 'in pieces!!',
      'batched.txt': 'batch',
    });
    // Still held: no Blob (a copy) was made of them.
    expect(files[0]?.contents?.()).toEqual(encode('one'));
    expect(files[1]?.contents?.()).not.toBeInstanceOf(Blob);
  });
});
