import { describe, expect, it } from 'vitest';
import { filesNamedIn, hasRawNames } from '../file-manager/names-encoding';
import { previewKind } from '../file-preview/preview-rules';
import { toRemoteFiles } from './to-remote-files';

const files = [
  { id: '0', path: 'docs/readme.txt', size: 12, type: 'text/plain', sha256: 'a'.repeat(64) },
  { id: '1', path: 'photo.JPG', size: 2048, type: 'image/jpeg', sha256: 'b'.repeat(64) },
];

describe('toRemoteFiles', () => {
  it("gives the file manager the server's files: URL and checksum instead of bytes", () => {
    const [readme, photo] = toRemoteFiles(files, { jobId: 'J1', archiveName: 'a.7z', prefix: '' });
    expect(readme).toMatchObject({
      path: 'docs/readme.txt',
      name: 'readme.txt',
      size: 12,
      category: 'documents',
      archiveName: 'a.7z',
      remote: { url: '/api/extractions/J1/files/0', sha256: 'a'.repeat(64), path: 'docs/readme.txt' },
    });
    expect(readme?.blob).toBeUndefined();
    expect(photo).toMatchObject({ mimeType: 'image/jpeg', category: 'images' });
    expect(readme?.remote?.job).toEqual({
      id: 'J1',
      fileCount: 2,
      zipUrl: '/api/extractions/J1/archive.zip',
      statusUrl: '/api/extractions/J1',
      expiresAt: null,
    });
    const [expiring] = toRemoteFiles(files, {
      jobId: 'J1',
      archiveName: 'a.7z',
      prefix: '',
      expiresAt: '2026-11-26T05:00:00.000Z',
    });
    expect(expiring?.remote?.job.expiresAt).toBe(Date.parse('2026-11-26T05:00:00.000Z'));
    expect(readme?.id).not.toBe(photo?.id);
  });

  it("prefixes paths with the archive's name in a batch", () => {
    expect(toRemoteFiles(files, { jobId: 'J1', archiveName: 'a.7z', prefix: 'a.7z' }).map((file) => file.path)).toEqual([
      'a.7z/docs/readme.txt',
      'a.7z/photo.JPG',
    ]);
  });

  it("takes the server's type instead of guessing again, and previews HTML and SVG only as text", () => {
    const served = [
      { id: '0', path: 'model.step', size: 9, type: 'model/step', sha256: 'c'.repeat(64) },
      { id: '1', path: 'site/index.html', size: 9, type: 'text/html', sha256: 'd'.repeat(64) },
      { id: '2', path: 'logo.svg', size: 9, type: 'image/svg+xml', sha256: 'e'.repeat(64) },
      // Whatever a server says, the name decides first: script-capable files stay text.
      { id: '3', path: 'evil.svg', size: 9, type: 'image/png', sha256: 'f'.repeat(64) },
    ];
    const [model, page, logo, evil] = toRemoteFiles(served, { jobId: 'J1', archiveName: 'a.zip', prefix: '' });
    expect(model?.mimeType).toBe('model/step');
    expect([page, logo, evil].map((file) => file && previewKind(file))).toEqual(['text', 'text', 'text']);
  });

  it('keeps the bytes of names stored in an unsaid code page, so the names encoding picker is offered', () => {
    const stored = [
      // "Привет.txt" in CP866, read by the server as CP437.
      { ...files[0]!, path: 'Åαáóÿσ.txt', rawName: btoa('\x8f\xe0\xa8\xa2\xa5\xe2.txt') },
      files[1]!,
      { ...files[1]!, id: '2', path: 'odd.bin', rawName: 'not base64!' },
    ];
    const remote = toRemoteFiles(stored, { jobId: 'J1', archiveName: 'a.zip', prefix: 'a.zip' });
    expect(remote.map((file) => file.storedName)).toEqual([
      { prefix: 'a.zip', raw: new Uint8Array([0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2, ...new TextEncoder().encode('.txt')]) },
      { prefix: 'a.zip' },
      { prefix: 'a.zip' },
    ]);
    expect(hasRawNames(remote)).toBe(true);
    expect(hasRawNames(toRemoteFiles(files, { jobId: 'J1', archiveName: 'a.zip', prefix: '' }))).toBe(false);
    expect(filesNamedIn(remote, 'cp866').map((file) => [file.path, file.remote?.path])).toEqual([
      ['a.zip/Привет.txt', 'a.zip/Åαáóÿσ.txt'],
      ['a.zip/photo.JPG', 'a.zip/photo.JPG'],
      ['a.zip/odd.bin', 'a.zip/odd.bin'],
    ]);
  });
});
