import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-size';

describe('formatBytes in English (B, KB, MB, GB, as docs/product.md#numbers writes them)', () => {
  it('uses bytes without decimals below 1 KB', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
  });

  it('uses one decimal, base 1024, from KB up to GB', () => {
    expect(formatBytes(1024, 'en')).toBe('1.0 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024, 'en')).toBe('12.3 MB');
    expect(formatBytes(2 * 1024 ** 3, 'en')).toBe('2.0 GB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1, 'en')).toBe('1.0 MB');
  });

  it('stops at GB', () => {
    expect(formatBytes(2048 * 1024 ** 3, 'en')).toBe('2,048.0 GB');
  });

  it('treats invalid sizes as zero, and an unknown language as English', () => {
    expect(formatBytes(-5, 'en')).toBe('0 B');
    expect(formatBytes(Number.NaN, undefined)).toBe('0 B');
  });
});

describe('formatBytes in other languages: their own units, digits and separators', () => {
  // Intl joins with a no-break space (U+00A0) or, in French, a narrow one (U+202F).
  const size = (bytes: number, locale: string) => formatBytes(bytes, locale).replace(/[\u00a0\u202f]/g, ' ');

  it('French reads octets (o, ko, Mo, Go)', () => {
    expect(size(512, 'fr')).toBe('512 o');
    expect(size(12.3 * 1024 * 1024, 'fr')).toBe('12,3 Mo');
    expect(size(2 * 1024 ** 3, 'fr')).toBe('2,0 Go');
  });

  it('Russian reads Б, кБ, МБ, ГБ', () => {
    expect(size(12.3 * 1024 * 1024, 'ru')).toBe('12,3 МБ');
    expect(size(1536, 'ru')).toBe('1,5 кБ');
  });

  it('German has its decimal comma next to its units, never "2.0 GB" beside "221,2 KB"', () => {
    expect(size(2 * 1024 ** 3, 'de')).toBe('2,0 GB');
    expect(size(221.2 * 1024, 'de')).toBe('221,2 kB');
  });

  it('never lets a line break split the number from its unit', () => {
    for (const locale of ['fr', 'ru', 'de', 'ja', 'hi', 'vi', 'pt-BR', 'ar'])
      expect(formatBytes(12.3 * 1024 * 1024, locale), locale).not.toMatch(/ /);
  });

  it('Arabic gets its own unit, the size isolated as one right-to-left run', () => {
    const arabic = formatBytes(12.3 * 1024 * 1024, 'ar');
    expect(arabic.startsWith('\u2068') && arabic.endsWith('\u2069')).toBe(true);
    expect(arabic).not.toContain('MB');
    expect(arabic).toMatch(/[\u0600-\u06ff]/);
  });
});
