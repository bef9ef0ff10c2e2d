import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * The current year for the copyright line. The prerendered HTML was made in the build's year
 * (`__BUILD_YEAR__`, fixed by Vite at build time for both the prerender and the browser bundle),
 * so hydration starts from that and React then re-renders with the year it is now.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
