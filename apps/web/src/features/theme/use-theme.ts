import { useCallback, useEffect, useState } from 'react';
import { isDark, parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from './theme-preference';

function readStored(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return parseThemePreference(null);
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The theme preference, applied to <html> and kept in sync with the system setting under "system". */
export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const [preference, setPreference] = useState<ThemePreference>(readStored);

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
    setPreference(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice still applies to this visit.
    }
  }, []);

  return [preference, choose];
}
