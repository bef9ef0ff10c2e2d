import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-size';
import type { JobListing } from './archive-jobs';

/** What is inside an archive before it is extracted: count, size, encryption, the first names. */
export function ListingSummary({ listing }: { listing: JobListing | undefined }) {
  const { t, i18n } = useTranslation();
  if (!listing || listing.state === 'failed') return null;
  if (listing.state === 'listing')
    return (
      <p className="text-sm text-muted-foreground" data-listing="reading">
        {t('extractor.selection.listing.reading')}
      </p>
    );
  const namesHidden = listing.encrypted && listing.files === 0;
  return (
    <div className="mt-1 space-y-1 text-sm" data-listed={listing.files}>
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
