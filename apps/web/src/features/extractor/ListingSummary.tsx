import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-size';
import type { JobListing } from './archive-jobs';

/**
 * Both states take at least the two lines a listed archive shows (count and size, "Show names"):
 * the listing ends while the visitor reaches for "Extract Files Now", and a summary one line
 * taller than "Reading…" would move the button from under the pointer.
 */
const SUMMARY_HEIGHT = 'mt-1 min-h-11 space-y-1 text-sm';

/** What is inside an archive before it is extracted: count, size, encryption, the first names. */
export function ListingSummary({ listing }: { listing: JobListing | undefined }) {
  const { t, i18n } = useTranslation();
  if (!listing || listing.state === 'failed') return null;
  if (listing.state === 'listing')
    return (
      <div className={SUMMARY_HEIGHT} data-listing="reading">
        <p className="text-muted-foreground">{t('extractor.selection.listing.reading')}</p>
      </div>
    );
  const namesHidden = listing.encrypted && listing.files === 0;
  return (
    <div className={SUMMARY_HEIGHT} data-listed={listing.files}>
      {!namesHidden && (
        <p className="text-muted-foreground">
          {listing.bytes === null
            ? t('extractor.selection.listing.files', { count: listing.files })
            : t('extractor.selection.listing.filesSized', {
                count: listing.files,
                size: formatBytes(listing.bytes, i18n.resolvedLanguage),
              })}
        </p>
      )}
      {listing.encrypted && (
        <p className="flex items-center gap-1.5 text-foreground">
          <Lock aria-hidden className="size-3.5 shrink-0" />
          {namesHidden ? t('extractor.selection.listing.encryptedNames') : t('extractor.selection.listing.encrypted')}
        </p>
      )}
      {listing.names.length > 0 && (
        <details className="text-muted-foreground">
          <summary className="cursor-pointer rounded hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            {t('extractor.selection.listing.showNames')}
          </summary>
          <ul className="mt-1 space-y-0.5 ps-4 font-mono text-xs">
            {listing.names.map((name) => (
              <li key={name} className="truncate" title={name}>
                {name}
              </li>
            ))}
            {listing.files > listing.names.length && (
              <li>{t('extractor.selection.listing.moreNames', { count: listing.files - listing.names.length })}</li>
            )}
          </ul>
        </details>
      )}
    </div>
  );
}
