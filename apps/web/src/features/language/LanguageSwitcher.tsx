import { LANGUAGES, type LanguageCode } from '@archive-opener/shared';
import { ChevronDown, Languages } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { changeLanguageWhenReady, currentLanguage, storeChosenLanguage } from '../../i18n';
import { localizedPathOf } from './switch-language';

// The list with its 14 flags is its own chunk, fetched when the visitor first reaches for it.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/**
 * The language dropdown (the menu button pattern): a button and a menu of links to the same page
 * in each language; the arrow keys move in it, and it closes on Escape, on a click elsewhere and
 * when focus leaves it (Tab). Choosing one rewrites the path (prefix added, replaced or removed) in place of the
 * current history entry and keeps everything on the page, extracted files included.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  const choose = useCallback(
    async (code: LanguageCode) => {
      const language = LANGUAGES.find((candidate) => candidate.code === code);
      close(true);
      if (!language) return;
      storeChosenLanguage(language.tag);
      if (language.code === current.code) return;
      // Strings first, then the address: the page never shows one language under another's URL.
      await changeLanguageWhenReady(i18n, language.tag);
      navigate(`~${localizedPathOf(location, code)}`, { replace: true });
    },
    [close, current.code, i18n, location, navigate],
  );

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language.change', { language: current.label })}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          // The menu button pattern: Down or Up opens the menu (focus then goes to its current item).
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-2.5 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Languages aria-hidden className="size-4" />
        <span lang={current.tag} className="hidden sm:inline">
          {current.label}
        </span>
        <ChevronDown aria-hidden className="size-3.5" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            label={t('language.label')}
            currentCode={current.code}
            pageLocation={location}
            onChoose={choose}
          />
        </Suspense>
      )}
    </div>
  );
}
