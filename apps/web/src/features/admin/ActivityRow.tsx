import type { Activity } from '@archive-opener/shared/api';
import { Ban, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { formatDuration, formatRelativeTime } from './admin-format';

const OUTCOME_STYLE: Record<Activity['outcome'], { Icon: LucideIcon; className: string }> = {
  success: { Icon: CircleCheck, className: 'text-success' },
  failure: { Icon: CircleX, className: 'text-destructive' },
  cancelled: { Icon: Ban, className: 'text-muted-foreground' },
};

/** One extraction: when, how, what, how big (a coarse step), how it ended and how long it took. */
export function ActivityRow({ entry, now }: { entry: Activity; now: number }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage;
  const { Icon, className } = OUTCOME_STYLE[entry.outcome];
  const cell = 'px-2 py-2.5 align-top first:ps-0 last:pe-0';
  return (
    <tr className="border-b border-border last:border-b-0">
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={entry.at} title={formatDateTime(entry.at, locale)}>
          {formatRelativeTime(entry.at, now, locale)}
        </time>
      </td>
      <td className={cell}>{t(`activity.modes.${entry.mode}`)}</td>
      <td className={`${cell} uppercase`}>{entry.format ?? t('none')}</td>
      <td className={`${cell} whitespace-nowrap`}>{entry.sizeBucket ? t(`sizeBuckets.${entry.sizeBucket}`) : t('none')}</td>
      <td className={cell}>
        <span className={`inline-flex items-center gap-1.5 font-medium ${className}`}>
          <Icon aria-hidden className="size-4 shrink-0" />
          {t(`activity.outcomes.${entry.outcome}`)}
        </span>
        {entry.errorCode && (
          <span className="block text-xs text-muted-foreground">{t('activity.errorCode', { code: entry.errorCode })}</span>
        )}
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums`}>
        {entry.durationMs === null ? t('none') : formatDuration(entry.durationMs, t, locale)}
      </td>
    </tr>
  );
}
