import { describe, expect, it } from 'vitest';
import { decodeName } from './tar-header.js';

const field = (bytes: number[], length = 100) => {
  const out = new Uint8Array(length);
  out.set(bytes);
  return out;
};
const encode = (text: string) => [...new TextEncoder().encode(text)];

describe('decodeName', () => {
  it('reads up to the first NUL, ASCII and UTF-8 alike', () => {
    expect(decodeName(field(encode('dir/file.txt')))).toBe('dir/file.txt');
    expect(decodeName(field(encode('docs/résumé — 履歴書.txt')))).toBe('docs/résumé — 履歴書.txt');
    expect(decodeName(field([]))).toBe('');
    // A field filled to the end has no NUL.
    expect(decodeName(new Uint8Array(encode('a'.repeat(100))))).toBe('a'.repeat(100));
  });

  it('keeps control characters and turns invalid bytes into U+FFFD', () => {
    expect(decodeName(field([0x61, 0x0a, 0x7f, 0x62]))).toBe('a\n\u007fb');
    expect(decodeName(field([0x61, 0xff, 0x62]))).toBe('a\ufffdb');
  });

  it('decodes long ASCII names (GNU long names) past the fast path the same way', () => {
    const long = `${'segment/'.repeat(100)}end.txt`;
    expect(decodeName(new Uint8Array([...encode(long), 0, 0x41]))).toBe(long);
  });
});
