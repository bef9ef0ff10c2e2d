import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes } from './format-size';

describe('formatBytes', () => {
  it('uses bytes without decimals below 1 KB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1,023 B');
  });

  it('uses one decimal, base 1024, from KB up to GB', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.0 GB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  });

  it('stops at GB', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2,048.0 GB');
  });

  it('treats invalid sizes as zero', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it("follows the visitor's locale for digits", () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });
});

describe('formatMegabytes', () => {
  it('shows megabytes with two decimals', () => {
    expect(formatMegabytes(12.34 * 1024 * 1024)).toBe('12.34 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});

describe('sizes in a right-to-left language', () => {
  it('are isolated as one left-to-right run, so the unit stays after the number', () => {
    expect(formatBytes(1536, 'ar')).toBe('\u20661.5 KB\u2069');
    expect(formatMegabytes(1024 * 1024, 'ar')).toBe('\u20661.00 MB\u2069');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });
});
