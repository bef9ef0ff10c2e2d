import { Clock, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

interface ExpiryNoticeProps {
  /** When the server deletes the files (epoch milliseconds). */
  expiresAt: number | null;
  /** Known to be gone (the time passed, or the server said so). */
  expired: boolean;
  /** Called once when the time passes. */
  onExpired: () => void;
  /** Extracts the archive(s) again; absent when the archives are no longer at hand. */
  onExtractAgain?: () => void;
}

/** How often the time left is re-read: every second in the last two minutes, else every 15 s. */
function tickMs(left: number): number {
  return left < 120_000 ? 1000 : 15_000;
}

/**
 * Files extracted on the server: how long they stay there, then that they expired, with the way
 * back (extract again). Re-renders itself only, not the file list, as the time passes.
 */
export function ExpiryNotice({ expiresAt, expired, onExpired, onExtractAgain }: ExpiryNoticeProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = expiresAt === null ? null : expiresAt - now;

  useEffect(() => {
    if (expired || left === null) return;
    if (left <= 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left, tickMs(left)));
    return () => clearTimeout(timer);
  }, [expired, left, onExpired]);

  if (expired)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 sm:p-4"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-48 flex-1 text-sm">
          <p className="font-semibold">{t('extractor.server.errors.expired.title')}</p>
          <p className="text-muted-foreground">{t('extractor.server.errors.expired.text')}</p>
        </div>
        {onExtractAgain && (
          <Button size="sm" onClick={onExtractAgain}>
            <RotateCcw aria-hidden />
            {t('fileManager.expiry.extractAgain')}
          </Button>
        )}
      </div>
    );
  if (left === null || left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  const time =
    seconds < 90
      ? t('extractor.progress.seconds', { count: seconds })
      : t('extractor.progress.minutes', { count: Math.round(seconds / 60) });
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Clock aria-hidden className="size-4 shrink-0" />
      {t('fileManager.expiry.left', { time })}
    </p>
  );
}
