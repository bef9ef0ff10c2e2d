import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent } from 'react';

/**
 * Window-scrolled virtual rows for the file manager's views: the page keeps its one scroll bar and
 * only the rows near the viewport are in the document, so 100,000 files cost what 30 do. Rows are
 * measured as they render (a card grows when its preview or checksum opens).
 */

/** Rows rendered beyond each edge of the viewport, so a fast scroll or Tab finds them ready. */
const OVERSCAN = 6;

export interface WindowRowsOptions {
  count: number;
  /** A row's expected height in pixels, used until it is measured. */
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string | number;
}

export function useWindowRows({ count, estimateSize, getItemKey }: WindowRowsOptions) {
  const list = useRef<HTMLElement | null>(null);
  const listRef = useCallback((node: HTMLElement | null) => {
    list.current = node;
  }, []);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding focus stays rendered even when scrolled away, so keyboard focus is never lost.
  const focused = useRef<number | null>(null);

  // Where the list starts in the page: what is above it (tiles, toolbar, a bulk bar) can change
  // with any render, so it is read after each one (and set only when it moved).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: every render
  useLayoutEffect(() => {
    if (!list.current) return;
    const top = Math.round(list.current.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);

  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    // Without layout (jsdom, a hidden tab) a row measures 0 px: keep the estimate rather than
    // rendering every row into an apparently empty viewport.
    measureElement: (element) =>
      element.getBoundingClientRect().height || estimateSize(Number(element.getAttribute('data-index'))),
  });

  const rowProps = (index: number, start: number) => ({
    'data-index': index,
    ref: virtualizer.measureElement,
    onFocus: (event: FocusEvent) => {
      if (event.currentTarget.contains(event.target)) focused.current = index;
    },
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) focused.current = null;
    },
    style: {
      position: 'absolute',
      top: 0,
      left: 0,
      width: '100%',
      transform: `translateY(${start - virtualizer.options.scrollMargin}px)`,
    } satisfies CSSProperties,
  });

  const listStyle: CSSProperties = { position: 'relative', height: virtualizer.getTotalSize() };
  return { listRef, listStyle, rows: virtualizer.getVirtualItems(), rowProps };
}
