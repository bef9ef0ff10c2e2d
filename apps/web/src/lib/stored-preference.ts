import { useCallback, useSyncExternalStore } from 'react';

export interface StoredPreference<T extends string> {
  /** The current choice, and a setter that stores it and re-renders every user of it. */
  use(): [T, (next: T) => void];
}

/**
 * A visitor's choice kept in localStorage under `key`. Read through useSyncExternalStore, so that
 * hydration starts from `fallback` (what the prerendered HTML shows) and then moves to the stored
 * choice without a mismatch; another tab's change is followed; when storage refuses to keep it
 * (private mode, storage disabled) the choice still holds for this visit.
 */
export function storedPreference<T extends string>(
  key: string,
  parse: (stored: string | null) => T,
  fallback: T,
): StoredPreference<T> {
  let unsaved: T | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const read = (): T => {
    if (unsaved) return unsaved;
    try {
      return parse(localStorage.getItem(key));
    } catch {
      return fallback;
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) notify();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };
  const choose = (next: T) => {
    try {
      localStorage.setItem(key, next);
      unsaved = null;
    } catch {
      unsaved = next;
    }
    notify();
  };
  return {
    use() {
      const value = useSyncExternalStore(subscribe, read, () => fallback);
      return [value, useCallback(choose, [])];
    },
  };
}
