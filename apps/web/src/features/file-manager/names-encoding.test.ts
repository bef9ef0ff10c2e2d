import { describe, expect, it } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import { filesNamedIn, hasRawNames } from './names-encoding';
import { makeFile } from './test-files';

const hex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);
const ascii = (text: string) => new TextEncoder().encode(text);

/** A file as the engine named it, with the bytes its name was stored as. */
function stored(
  path: string,
  raw: Uint8Array | undefined,
  prefix = '',
  extra: { id?: string; parentId?: string } = {},
): ExtractedFile {
  return { ...makeFile(path), ...extra, storedName: raw ? { prefix, raw } : { prefix } };
}

// "Привет.txt" in CP866, as the engine read it with the wrong guess (CP437).
const PRIVET = hex('8fe0a8a2a5e22e747874');

describe('filesNamedIn', () => {
  it('leaves the files as they are under Auto, or when no name has stored bytes', () => {
    const files = [stored('a.txt', undefined), stored('Åαáóÿσ.txt', PRIVET)];
    expect(filesNamedIn(files, 'auto')).toBe(files);
    const plain = [stored('a.txt', undefined)];
    expect(filesNamedIn(plain, 'cp866')).toBe(plain);
    expect(hasRawNames(plain)).toBe(false);
    expect(hasRawNames(files)).toBe(true);
  });

  it('names every file with stored bytes again in the chosen code page, its type with it', () => {
    const files = [stored('docs/Åαáóÿσ.txt', concat(ascii('docs/'), PRIVET)), stored('readme.md', undefined)];
    const named = filesNamedIn(files, 'cp866');
    expect(named.map((file) => file.path)).toEqual(['docs/Привет.txt', 'readme.md']);
    expect(named[0]?.name).toBe('Привет.txt');
    expect(named[0]?.mimeType).toBe('text/plain');
    expect(named[1]).toBe(files[1]);
    expect(filesNamedIn(files, 'windows-1251').map((file) => file.path)[0]).toBe('docs/ЏаЁўҐв.txt');
  });

  it('never reads the bytes: the copy keeps the Blob getter', () => {
    let reads = 0;
    const file = stored('x.txt', PRIVET);
    Object.defineProperty(file, 'blob', {
      get: () => {
        reads += 1;
        return new Blob(['x']);
      },
      enumerable: true,
      configurable: true,
    });
    const [named] = filesNamedIn([file], 'cp866');
    expect(reads).toBe(0);
    expect(named?.blob).toBeInstanceOf(Blob);
    expect(reads).toBe(1);
  });

  it('makes names read anew safe as at extraction: traversal, backslashes, direction marks, reserved names', () => {
    const files = [
      stored('a.txt', ascii('../../a.txt')),
      stored('b.txt', ascii('c:\\up\\..\\b.txt')),
      // 0xFE is U+200F (right-to-left mark) in Windows-1256.
      stored('c.txt', concat(ascii('in'), hex('fe'), ascii('voice.txt'))),
      stored('d.txt', ascii('con.txt')),
    ];
    const named = filesNamedIn(files, 'windows-1256');
    expect(named.map((file) => file.path)).toEqual(['a.txt', 'up/b.txt', 'in_voice.txt', '_con.txt']);
    expect(named[2]?.directionControls).toBe(true);
  });

  it('keeps both of two names that become one: the later is numbered, files without stored bytes keep theirs', () => {
    const files = [
      stored('Привет.txt', undefined),
      stored('one.txt', PRIVET),
      stored('two.txt', PRIVET),
      stored('other.zip/Привет.txt', PRIVET, 'other.zip'),
    ];
    const named = filesNamedIn(files, 'cp866');
    expect(named.map((file) => file.path)).toEqual(['Привет.txt', 'Привет (2).txt', 'Привет (3).txt', 'other.zip/Привет.txt']);
  });

  it("moves a nested archive's files with their archive when its name changes", () => {
    const archiveRaw = concat(PRIVET.subarray(0, 6), ascii('.zip'));
    const parent = stored('outer.zip', archiveRaw, '', { id: 'inner' });
    const child = stored('outer.zip/inside.txt', undefined, 'outer.zip', { parentId: 'inner' });
    const named = filesNamedIn([parent, child], 'cp866');
    expect(named.map((file) => file.path)).toEqual(['Привет.zip', 'Привет.zip/inside.txt']);
  });
});

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
