import { useCallback } from 'react';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { fileSource } from '../file-manager/file-bytes';

interface BlobUrlOptions {
  /** Wait until the element nears the viewport (thumbnails in a long list). */
  lazy?: boolean;
}

/**
 * A ref callback that points an element (its `src`) at an object URL of `source` for as long as the element
 * is mounted. The URL is created on mount (or when the element scrolls near the viewport, if lazy)
 * and revoked on unmount, and a ref callback does that without a render that has no source yet.
 * A string source is a server file's URL: set the same way (so it too loads lazily), never revoked.
 * A file's own bytes are looked up only then: each lookup cuts a slice of the archive's output,
 * and a list's thumbnails looking theirs up while it rendered cost ~40 ms of the main thread.
 */
export function useBlobUrl(source: Blob | string | ExtractedFile, { lazy = false }: BlobUrlOptions = {}) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      let url: string | undefined;
      const attach = () => {
        const bytes = typeof source === 'object' && 'path' in source ? fileSource(source) : source;
        if (typeof bytes === 'string') return element.setAttribute('src', bytes);
        url = URL.createObjectURL(bytes);
        element.setAttribute('src', url);
      };
      // Without IntersectionObserver (old browsers, jsdom) the thumbnail loads at once; the
      // `loading="lazy"` attribute still defers the decode in browsers that have it.
      let observer: IntersectionObserver | undefined;
      if (lazy && typeof IntersectionObserver !== 'undefined') {
        observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer?.disconnect();
            attach();
          },
          { rootMargin: '200px' },
        );
        observer.observe(element);
      } else {
        attach();
      }
      return () => {
        observer?.disconnect();
        if (url) URL.revokeObjectURL(url);
      };
    },
    [source, lazy],
  );
}
