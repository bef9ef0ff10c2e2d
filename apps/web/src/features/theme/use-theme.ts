import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_THEME, isDark, parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from './theme-preference';

// This visit's choice when storage refuses to keep it (private mode, storage disabled).
let unsaved: ThemePreference | null = null;
const listeners = new Set<() => void>();

function readStored(): ThemePreference {
  if (unsaved) return unsaved;
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

function onStorage(event: StorageEvent) {
  if (event.key === THEME_STORAGE_KEY) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/**
 * The theme preference, applied to <html> and kept in sync with the system setting under "system".
 * Read through useSyncExternalStore so that hydration starts from the prerendered default and then
 * moves to the stored choice without a mismatch (the page's colours were already set before first
 * paint by /theme-init.js).
 */
export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readStored, () => DEFAULT_THEME);

  useEffect(() => {
    const apply = () => {
      const dark = isDark(preference, darkQuery().matches);
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    if (preference !== 'system') return;
    const query = darkQuery();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [preference]);

  const choose = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
      unsaved = null;
    } catch {
      unsaved = next;
    }
    for (const listener of listeners) listener();
  }, []);

  return [preference, choose];
}
