import { useEffect } from 'react';
import { storedPreference } from '../../lib/stored-preference';
import { DEFAULT_THEME, isDark, parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from './theme-preference';

const themePreference = storedPreference(THEME_STORAGE_KEY, parseThemePreference, DEFAULT_THEME);

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/**
 * The theme preference, applied to <html> and kept in sync with the system setting under "system".
 * Read through useSyncExternalStore so that hydration starts from the prerendered default and then
 * moves to the stored choice without a mismatch (the page's colours were already set before first
 * paint by /theme-init.js).
 */
export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const [preference, choose] = themePreference.use();

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

  return [preference, choose];
}
