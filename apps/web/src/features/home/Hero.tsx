import { Files, Layers, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useExtractionMode } from '../server-extraction/use-extraction-mode';
import { useServerSettings } from '../server-extraction/use-server-settings';

type TileKey = 'secure' | 'fast' | 'formats' | 'batch';

/** `serverDesc`: the tile's text with server mode on, where "nothing is uploaded" would be untrue. */
const TILES: { key: TileKey; Icon: LucideIcon; serverDesc?: 'home.hero.secureDescServer' | 'home.hero.fastDescServer' }[] = [
  { key: 'secure', Icon: ShieldCheck, serverDesc: 'home.hero.secureDescServer' },
  { key: 'fast', Icon: Zap, serverDesc: 'home.hero.fastDescServer' },
  { key: 'formats', Icon: Layers },
  { key: 'batch', Icon: Files },
];

/**
 * Above the fold, so loaded eagerly and kept small: the page's h1 and the promise in one line.
 * The extractor comes right after it (the first screen's job is opening an archive, on a phone
 * too), then the four tiles.
 */
export function Hero() {
  const { t } = useTranslation();
  const [mode] = useExtractionMode();
  return (
    <section aria-labelledby="home-hero-title" className="pt-6 text-center sm:pt-10">
      <h1 id="home-hero-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
        {t('home.hero.title')}
      </h1>
      <p className="mx-auto mt-4 max-w-prose text-base text-pretty text-muted-foreground sm:text-lg">
        {t('home.hero.description')}
      </p>
      <p className="mt-4 text-sm font-medium text-primary">
        {t(mode === 'server' ? 'home.hero.featuresServer' : 'home.hero.features')}
      </p>
    </section>
  );
}

/**
 * The four promises, true to the chosen mode. Their titles are not headings, so the outline stays
 * h1 → the sections' h2s.
 */
export function HeroTiles() {
  const { t } = useTranslation();
  const [mode] = useExtractionMode();
  const { retentionMinutes } = useServerSettings();
  return (
    <ul aria-label={t('home.hero.tilesLabel')} className="grid grid-cols-2 gap-3 text-start sm:gap-4 lg:grid-cols-4">
      {TILES.map(({ key, Icon, serverDesc }) => (
        <li key={key} className="rounded-xl border border-border bg-card p-4 text-card-foreground">
          <span className="inline-flex rounded-lg bg-accent p-2 text-accent-foreground">
            <Icon aria-hidden className="size-5" />
          </span>
          <p className="mt-3 text-sm font-semibold sm:text-base">{t(`home.hero.${key}`)}</p>
          <p className="mt-1 text-xs leading-relaxed text-muted-foreground sm:text-sm">
            {serverDesc && mode === 'server' ? t(serverDesc, { retentionMinutes }) : t(`home.hero.${key}Desc`)}
          </p>
        </li>
      ))}
    </ul>
  );
}
