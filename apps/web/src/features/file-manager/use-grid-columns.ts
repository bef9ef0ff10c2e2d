import { useSyncExternalStore } from 'react';

/**
 * How many tiles a grid row holds: 2 on a phone, then 3, 4 and 5 from Tailwind's `sm`, `lg` and
 * `xl` widths. Read in script because the virtual grid renders whole rows.
 */
const BREAKPOINTS = ['(min-width: 40rem)', '(min-width: 64rem)', '(min-width: 80rem)'] as const;

function columns(): number {
  if (typeof window.matchMedia !== 'function') return 2;
  return 2 + BREAKPOINTS.filter((query) => window.matchMedia(query).matches).length;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const lists = BREAKPOINTS.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columns, () => 2);
}
