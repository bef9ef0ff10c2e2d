import { useTranslation } from 'react-i18next';
import { HomeSection } from './HomeSection';

type ExplainedFormat = 'rar' | 'zip' | '7z' | 'tar' | 'gzip';

/** Format names and extensions are the same in every language, so they live here, not in the locale files. */
const FORMATS: { key: ExplainedFormat; name: string; extensions: string[] }[] = [
  { key: 'rar', name: 'RAR', extensions: ['.rar'] },
  { key: 'zip', name: 'ZIP', extensions: ['.zip'] },
  { key: '7z', name: '7Z', extensions: ['.7z'] },
  { key: 'tar', name: 'TAR', extensions: ['.tar'] },
  { key: 'gzip', name: 'GZIP', extensions: ['.gz', '.tgz'] },
];

const CARD = 'rounded-xl border border-border bg-card p-5 text-card-foreground';

/** A short explainer of the common formats, and one card naming every other format we open. */
export function ArchiveTypes() {
  const { t } = useTranslation();
  return (
    <HomeSection id="archive-types" title={t('home.archives.title')} subtitle={t('home.archives.description')}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FORMATS.map(({ key, name, extensions }) => (
          <li key={key} className={CARD}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-semibold">{name}</h3>
              <span className="flex gap-1.5" dir="ltr">
                {extensions.map((extension) => (
                  <code key={extension} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
                    {extension}
                  </code>
                ))}
              </span>
            </div>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`home.archives.${key}`)}</p>
          </li>
        ))}
        <li className={`${CARD} border-dashed`}>
          <h3 className="text-lg font-semibold">{t('home.archives.othersTitle')}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t('home.archives.others')}</p>
        </li>
      </ul>
    </HomeSection>
  );
}
