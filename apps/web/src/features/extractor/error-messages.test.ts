import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@archive-opener/shared';
import { i18n } from '../../i18n';
import { errorText } from './error-messages';

const render = (shape: Parameters<typeof errorText>[0]) => errorText(shape, i18n.t);

describe('errorText', () => {
  it('tells a missing password from a wrong one', () => {
    expect(render({ code: 'PASSWORD_REQUIRED', message: '' }).title).toBe('Password required');
    expect(render({ code: 'WRONG_PASSWORD', message: '' }).title).toBe('Wrong password');
  });

  it('names the missing volume when the engine knows it', () => {
    expect(render({ code: 'MISSING_VOLUME', message: '', details: { volume: 'x.part2.rar' } }).text).toContain('x.part2.rar');
  });

  it('says which safety limit stopped the extraction', () => {
    expect(render({ code: 'LIMIT_EXCEEDED', message: '', details: { limit: 'totalBytes', max: 1 } }).text).toMatch(/total size/i);
  });

  it('has a translated message for every code (no raw keys)', () => {
    for (const code of ERROR_CODES) {
      const { title, text } = render({ code, message: '' });
      expect(title).not.toMatch(/^extractor\./);
      expect(text).not.toMatch(/^extractor\./);
    }
  });
});
