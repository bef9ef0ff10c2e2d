import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fileOf } from './test-blob';
import { Thumbnail } from './Thumbnail';

const png = () => ({ ...fileOf('photo.png', new Blob(['x'], { type: 'image/png' })), category: 'images' as const });

// Kept in variables: asserting on `URL.revokeObjectURL` itself reads an unbound method.
let createObjectURL: MockInstance<typeof URL.createObjectURL>;
let revokeObjectURL: MockInstance<typeof URL.revokeObjectURL>;
beforeEach(() => {
  createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:thumb');
  revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Thumbnail', () => {
  it('shows a raster image at the chosen size and releases its URL on unmount', () => {
    const { container, unmount } = render(<Thumbnail file={png()} size="medium" />);
    const img = container.querySelector('img');
    expect(img).toHaveProperty('src', 'blob:thumb');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('width')).toBe('48');
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:thumb');
  });

  it('creates the object URL, and reads the file, only once the thumbnail scrolls into view', () => {
    let reveal: () => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reveal = () => callback([{ isIntersecting: true }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const picture = png();
    if (picture.remote) throw new Error('expected a file extracted in the page');
    let reads = 0;
    // Each read of a file's blob cuts a slice of the archive's output.
    const file = {
      ...picture,
      get blob() {
        reads += 1;
        return picture.blob;
      },
    };
    const { container } = render(<Thumbnail file={file} size="large" />);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(reads).toBe(0);
    act(() => reveal());
    expect(container.querySelector('img')).toHaveProperty('src', 'blob:thumb');
    expect(reads).toBe(1);
  });

  it('keeps the category icon when the picture cannot be decoded', () => {
    const { container } = render(<Thumbnail file={png()} size="small" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('shows the category icon for SVG, non-images and images over 20 MB', () => {
    const svg = { ...fileOf('logo.svg', new Blob(['<svg/>'], { type: 'image/svg+xml' })), category: 'images' as const };
    const huge = { ...png(), size: 21 * 1024 * 1024 };
    const doc = { ...fileOf('notes.txt', new Blob(['hi'])), category: 'documents' as const };
    for (const file of [svg, huge, doc]) {
      const { container, unmount } = render(<Thumbnail file={file} size="large" />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('svg')).not.toBeNull();
      unmount();
    }
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('colours the icon by category', () => {
    const doc = { ...fileOf('notes.txt', new Blob(['hi'])), category: 'documents' as const };
    const { container } = render(<Thumbnail file={doc} size="large" />);
    expect(container.querySelector('svg')?.getAttribute('class')).toContain('text-green-700');
  });
});
