import { describe, expect, it, vi } from 'vitest';
import { BatchPasswords } from './batch-passwords';

describe('BatchPasswords', () => {
  it('asks once when two archives fail at the same time, and gives the second the first one’s answer', async () => {
    const passwords = new BatchPasswords();
    const ask = vi.fn(async () => 'secret');
    const [first, second] = await Promise.all([passwords.next(new Set(['']), ask), passwords.next(new Set(['']), ask)]);
    expect(first).toBe('secret');
    expect(second).toBe('secret');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('tries every known password the archive has not been tried with before asking again', async () => {
    const passwords = new BatchPasswords();
    passwords.remember('one');
    passwords.remember('two');
    const ask = vi.fn(async () => 'three');
    expect(await passwords.next(new Set(['']), ask)).toBe('two');
    expect(await passwords.next(new Set(['', 'two']), ask)).toBe('one');
    expect(ask).not.toHaveBeenCalled();
    expect(await passwords.next(new Set(['', 'one', 'two']), ask)).toBe('three');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('gives null when the visitor skips, and asks the next archive itself', async () => {
    const passwords = new BatchPasswords();
    const ask = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce('later');
    expect(await passwords.next(new Set(['']), ask)).toBeNull();
    expect(await passwords.next(new Set(['']), ask)).toBe('later');
  });

  it('keeps going after an ask that failed', async () => {
    const passwords = new BatchPasswords();
    await expect(passwords.next(new Set(), () => Promise.reject(new Error('closed')))).rejects.toThrow('closed');
    expect(await passwords.next(new Set(), async () => 'x')).toBe('x');
  });
});
