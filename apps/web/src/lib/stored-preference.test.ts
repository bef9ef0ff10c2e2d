import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedPreference } from './stored-preference';

const parse = (value: string | null): 'a' | 'b' => (value === 'b' ? 'b' : 'a');

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('storedPreference', () => {
  it('reads the stored choice, falls back on unknown values, and stores a new choice for every user', () => {
    localStorage.setItem('pref-1', 'nonsense');
    const preference = storedPreference('pref-1', parse, 'a');
    const first = renderHook(() => preference.use());
    const second = renderHook(() => preference.use());
    expect(first.result.current[0]).toBe('a');
    act(() => first.result.current[1]('b'));
    expect(localStorage.getItem('pref-1')).toBe('b');
    expect(second.result.current[0]).toBe('b');
  });

  it('keeps the choice for this visit when storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const preference = storedPreference('pref-2', parse, 'a');
    const { result } = renderHook(() => preference.use());
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('b');
  });

  it('follows a change made in another tab', () => {
    const preference = storedPreference('pref-3', parse, 'a');
    const { result } = renderHook(() => preference.use());
    act(() => {
      localStorage.setItem('pref-3', 'b');
      window.dispatchEvent(new StorageEvent('storage', { key: 'pref-3' }));
    });
    expect(result.current[0]).toBe('b');
  });
});
