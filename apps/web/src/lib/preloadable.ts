import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

interface Preloadable<P extends object> {
  /** Starts loading the component (once); call it as soon as it is likely to be needed. */
  preload: () => Promise<unknown>;
  /** Renders the component: at once when it has loaded, else through React.lazy (suspends). */
  Component: (props: P) => ReactElement;
}

/**
 * A component in a chunk of its own that, once preloaded, renders without suspending.
 *
 * React.lazy suspends on its first render even when the chunk is already loaded (its promise
 * settles a microtask later), and React 19 then holds the revealed content back until 300 ms
 * after the fallback was shown (its FALLBACK_THROTTLE_MS). Measured on the bench's zip in
 * Chromium: the file manager was rendered ~160 ms after the engine's answer but shown at ~400 ms,
 * when that timer fired; rendered without suspending, it shows at ~170 ms.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Not kept: a later render (or preload) tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  return {
    preload,
    Component: (props: P) => createElement(loaded ?? Lazy, props),
  };
}
