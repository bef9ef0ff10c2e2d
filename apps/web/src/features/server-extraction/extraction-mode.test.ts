import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTRACTION_MODE_STORAGE_KEY, maxArchiveBytes, parseExtractionMode } from './extraction-mode';
import { useExtractionMode } from './use-extraction-mode';

afterEach(() => localStorage.clear());

describe('the extraction mode preference', () => {
  it('is the browser unless "server" was stored', () => {
    expect(parseExtractionMode(null)).toBe('browser');
    expect(parseExtractionMode('server')).toBe('server');
    expect(parseExtractionMode('browser')).toBe('browser');
    expect(parseExtractionMode('cloud')).toBe('browser');
  });

  it('limits server uploads to 50 MB and the browser to 2 GB', () => {
    expect(maxArchiveBytes('server')).toBe(50 * 1024 * 1024);
    expect(maxArchiveBytes('browser')).toBe(2 * 1024 ** 3);
  });

  it('reads the stored choice and remembers a new one under extractionMode', () => {
    localStorage.setItem(EXTRACTION_MODE_STORAGE_KEY, 'server');
    const { result } = renderHook(() => useExtractionMode());
    expect(result.current[0]).toBe('server');
    act(() => result.current[1]('browser'));
    expect(result.current[0]).toBe('browser');
    expect(localStorage.getItem(EXTRACTION_MODE_STORAGE_KEY)).toBe('browser');
  });

  it('starts from the default while hydrating prerendered HTML', () => {
    localStorage.setItem(EXTRACTION_MODE_STORAGE_KEY, 'server');
    const seen: string[] = [];
    renderHook(
      () => {
        const [mode] = useExtractionMode();
        seen.push(mode);
      },
      { hydrate: true, container: document.body.appendChild(document.createElement('div')) },
    );
    // First the server snapshot (what the prerendered page shows), then the stored choice.
    expect(seen[0]).toBe('browser');
    expect(seen.at(-1)).toBe('server');
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useExtractionMode());
    expect(result.current[0]).toBe('browser');
    act(() => {
      localStorage.setItem(EXTRACTION_MODE_STORAGE_KEY, 'server');
      window.dispatchEvent(new StorageEvent('storage', { key: EXTRACTION_MODE_STORAGE_KEY }));
    });
    expect(result.current[0]).toBe('server');
  });
});
