import { describe, expect, it } from 'vitest';
import { formatHexDump, hexDumpOf } from './hex-dump';
import { nativeBlob } from './test-blob';

describe('formatHexDump', () => {
  it('prints offset, two groups of eight bytes and an ASCII gutter', () => {
    const bytes = new TextEncoder().encode('Hello, World!\n\u0000\u0001ABC');
    expect(formatHexDump(bytes).split('\n')).toEqual([
      '00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 0a 00 01  |Hello, World!...|',
      '00000010  41 42 43                                          |ABC|',
    ]);
  });

  it('counts offsets from the given start', () => {
    expect(formatHexDump(new Uint8Array([0xff]), 0x1230)).toMatch(/^00001230 {2}ff /);
  });

  it('prints nothing for no bytes', () => {
    expect(formatHexDump(new Uint8Array())).toBe('');
  });
});

describe('hexDumpOf', () => {
  it('dumps only the first bytes of a larger blob', async () => {
    const { dump, truncated } = await hexDumpOf(await nativeBlob(new Uint8Array(100)), 32);
    expect(dump.split('\n')).toHaveLength(2);
    expect(truncated).toBe(true);
  });

  it('dumps a 4 KiB prefix by default', async () => {
    const { dump, truncated } = await hexDumpOf(await nativeBlob(new Uint8Array(4096)));
    expect(dump.split('\n')).toHaveLength(256);
    expect(truncated).toBe(false);
  });
});
