import { describe, expect, it } from 'vitest';
import { chooseLegacyDecoder, decodeStoredText } from './zip-names.js';

const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));
const hex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

describe('legacy name code pages', () => {
  it('keeps IBM437 for Western names that happen to be valid Shift_JIS', () => {
    // "château" and "Größe" in IBM437 are valid Shift_JIS ("chフeau", "Gr批e").
    expect(chooseLegacyDecoder([bytes('ch\x83teau.txt'), bytes('Gr\x94\xe1e.doc')]).encoding).toBe('cp437');
  });
  it('picks Shift_JIS for Japanese names and IBM866 for Russian ones', () => {
    expect(chooseLegacyDecoder([hex('955c82be82e6')]).encoding).toBe('shift_jis');
    expect(chooseLegacyDecoder([hex('afe0a8a2a5e2')]).encoding).toBe('cp866');
    expect(chooseLegacyDecoder([hex('8182838485868788898a8b8c8d8e8f90')]).encoding).toBe('cp437');
  });
  it('leaves ASCII (control characters included) and unflagged UTF-8 alone', () => {
    const cp437 = chooseLegacyDecoder([]);
    expect(decodeStoredText(bytes('a\x01b.txt'), cp437)).toBe('a\x01b.txt');
    expect(decodeStoredText(new TextEncoder().encode('Ölfässer.txt'), cp437)).toBe('Ölfässer.txt');
    expect(decodeStoredText(bytes('\x99lf\x84sser.txt'), cp437)).toBe('Ölfässer.txt');
  });
});
