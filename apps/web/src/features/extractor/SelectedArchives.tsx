import type { ErrorShape } from '@archive-opener/shared';
import { AlertTriangle, CheckCircle2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import { formatBytes } from '../../lib/format-size';
import { unopenableReason, type ArchiveJob } from './archive-jobs';
import { errorText } from './error-messages';
import { ListingSummary } from './ListingSummary';

interface SelectedArchivesProps {
  jobs: readonly ArchiveJob[];
  busy: boolean;
  onRemove: (id: string) => void;
}

/**
 * The chosen archive(s): name, size (the file manager's format), type, what is known to be wrong
 * before extracting (too large, not an archive, a part missing), and each one's outcome in a batch.
 */
export default function SelectedArchives({ jobs, busy, onRemove }: SelectedArchivesProps) {
  const { t, i18n } = useTranslation();
  if (jobs.length === 0) return null;
  return (
    <div className="rounded-xl border border-border bg-card p-4" data-selected={jobs.length}>
      <p className="mb-2 text-sm font-medium">
        {jobs.length === 1 ? t('extractor.selection.selected') : t('extractor.selection.selectedMany', { count: jobs.length })}
      </p>
      <ul className="space-y-2">
        {jobs.map((job) => {
          const unopenable = unopenableReason(job);
          return (
            <li key={job.id} className="flex items-start gap-3 rounded-lg bg-muted/50 p-3">
              <StatusIcon job={job} problem={job.tooLarge || unopenable !== null} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={job.name}>
                  <bdi>{job.name}</bdi>
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatBytes(job.size, i18n.resolvedLanguage)} • {job.parts[0]?.type || t('extractor.selection.typeFallback')}
                  {job.parts.length > 1 && ` • ${t('extractor.selection.parts', { count: job.parts.length })}`}
                </p>
                {job.tooLarge ? (
                  <p className="text-sm text-destructive">
                    <strong>{t('extractor.selection.tooLarge')}</strong> {t('extractor.selection.tooLargeHint')}
                  </p>
                ) : unopenable ? (
                  <UnopenableText error={unopenable} />
                ) : (
                  <>
                    {job.status !== 'done' && <ListingSummary listing={job.listing} />}
                    <p className="text-sm text-muted-foreground" data-status={job.status}>
                      <StatusText job={job} />
                    </p>
                  </>
                )}
              </div>
              {!busy && (
                <button
                  type="button"
                  onClick={() => onRemove(job.id)}
                  aria-label={t('extractor.selection.remove', { name: job.name })}
                  className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** An icon only for a state worth one (no empty slot before the name of an archive that is simply ready). */
function StatusIcon({ job, problem }: { job: ArchiveJob; problem: boolean }) {
  if (job.status === 'running') return <Spinner className="mt-0.5 size-5 text-primary" />;
  if (job.status === 'done') return <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />;
  if (job.status === 'failed' || problem)
    return <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />;
  return null;
}

/** Said as soon as it is known, before any attempt: the file is not an archive, or a part is missing. */
function UnopenableText({ error }: { error: ErrorShape }) {
  const { t } = useTranslation();
  const { title, text } =
    error.code === 'UNSUPPORTED_FORMAT'
      ? { title: t('extractor.selection.notArchive'), text: t('extractor.errors.unsupported.text') }
      : errorText(error, t);
  return (
    <p className="text-sm text-destructive" data-unopenable={error.code}>
      <strong className="block">{title}</strong>
      {text}
    </p>
  );
}

function StatusText({ job }: { job: ArchiveJob }) {
  const { t } = useTranslation();
  switch (job.status) {
    case 'done':
      return t('extractor.selection.status.done', { count: job.files.length });
    case 'failed':
      return t('extractor.selection.status.failed', { reason: job.error ? errorText(job.error, t).title : '' });
    default:
      return t(`extractor.selection.status.${job.status}`);
  }
}
