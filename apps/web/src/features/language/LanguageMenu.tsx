import { LANGUAGES, type LanguageCode } from '@archive-opener/shared';
import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FlagComponent } from 'country-flag-icons/react/3x2';
import BR from 'country-flag-icons/react/3x2/BR';
import DE from 'country-flag-icons/react/3x2/DE';
import ES from 'country-flag-icons/react/3x2/ES';
import FR from 'country-flag-icons/react/3x2/FR';
import GB from 'country-flag-icons/react/3x2/GB';
import ID from 'country-flag-icons/react/3x2/ID';
import IN from 'country-flag-icons/react/3x2/IN';
import IT from 'country-flag-icons/react/3x2/IT';
import JP from 'country-flag-icons/react/3x2/JP';
import MX from 'country-flag-icons/react/3x2/MX';
import RU from 'country-flag-icons/react/3x2/RU';
import SA from 'country-flag-icons/react/3x2/SA';
import TW from 'country-flag-icons/react/3x2/TW';
import VN from 'country-flag-icons/react/3x2/VN';
import { localizedPathOf } from './switch-language';

// SVG flags rather than emoji: Windows has no flag emoji and would show two letters instead.
const FLAGS: Record<string, FlagComponent> = {
  BR,
  DE,
  ES,
  FR,
  GB,
  ID,
  IN,
  IT,
  JP,
  MX,
  RU,
  SA,
  TW,
  VN,
};

interface LanguageMenuProps {
  id: string;
  label: string;
  currentCode: LanguageCode;
  pageLocation: string;
  onChoose: (code: LanguageCode) => Promise<void>;
}

/** The item that a key moves focus to from `index` among `count` items, or null for another key. */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The open menu (the menu button pattern): its items are real links (middle-click opens the page
 * in that language), the current one marked and focused on opening. Arrow keys, Home and End move
 * between them; Escape, a choice, or focus leaving (Tab) close it, handled by the switcher.
 */
export function LanguageMenu({ id, label, currentCode, pageLocation, onChoose }: LanguageMenuProps) {
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const currentIndex = Math.max(
    0,
    LANGUAGES.findIndex((language) => language.code === currentCode),
  );
  useEffect(() => items.current[currentIndex]?.focus(), [currentIndex]);
  return (
    <ul
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={(event) => {
        const index = items.current.findIndex((item) => item === document.activeElement);
        const next = nextIndex(event.key, index < 0 ? currentIndex : index, LANGUAGES.length);
        if (next === null) return;
        event.preventDefault();
        items.current[next]?.focus();
      }}
      className="absolute end-0 z-40 mt-2 max-h-[70vh] w-60 overflow-y-auto rounded-lg border border-border bg-card p-1 shadow-lg"
    >
      {LANGUAGES.map((language, index) => {
        const Flag = FLAGS[language.flag];
        const isCurrent = language.code === currentCode;
        return (
          <li key={language.code} role="none">
            <a
              ref={(item) => {
                items.current[index] = item;
              }}
              role="menuitem"
              tabIndex={-1}
              href={localizedPathOf(pageLocation, language.code)}
              hrefLang={language.tag}
              lang={language.tag}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                void onChoose(language.code);
              }}
              className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {Flag && <Flag aria-hidden className="h-4 w-6 shrink-0 rounded-sm shadow-sm" />}
              <span className="flex-1">{language.label}</span>
              {isCurrent && <Check aria-hidden className="size-4 text-primary" />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export default LanguageMenu;
