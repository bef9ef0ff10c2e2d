import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs the page. A control
 * whose handler only exists after hydration (choosing files) is disabled until then, so a visitor
 * on a slow device never picks a file that the page then silently ignores.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
