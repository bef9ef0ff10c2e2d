import { describe, expect, it } from 'vitest';
import { openedWithFiles } from './open-with-url';

describe('a page opened by "Open with"', () => {
  it('is told by its ?open-with address, which keeps it from redirecting to another language', () => {
    expect(openedWithFiles('?open-with')).toBe(true);
    expect(openedWithFiles('?lng=de&open-with=')).toBe(true);
    expect(openedWithFiles('')).toBe(false);
    expect(openedWithFiles('?shared=abc')).toBe(false);
  });
});
