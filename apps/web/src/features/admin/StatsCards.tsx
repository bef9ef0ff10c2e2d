import type { Dashboard } from '@archive-opener/shared/api';
import { Activity, CalendarDays, CircleCheckBig, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from './admin-format';

type Stats = Dashboard['stats'];

const CARDS: { key: 'total' | 'today' | 'successRate' | 'visitors'; Icon: LucideIcon }[] = [
  { key: 'total', Icon: Activity },
  { key: 'today', Icon: CalendarDays },
  { key: 'successRate', Icon: CircleCheckBig },
  { key: 'visitors', Icon: Users },
];

/**
 * The four numbers of the stats cards of docs/product.md#admin-page, real ones
 * (docs/decisions/005-admin-on-the-server.md).
 */
export function StatsCards({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage;
  const values: Record<(typeof CARDS)[number]['key'], string> = {
    total: formatCount(stats.totalExtractions, locale),
    today: formatCount(stats.todayExtractions, locale),
    successRate: formatPercent(stats.successRate, locale) ?? t('none'),
    visitors: formatCount(stats.visitors24h, locale),
  };
  return (
    <section aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CARDS.map(({ key, Icon }) => (
          <div
            key={key}
            className="flex flex-col justify-between gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-5"
          >
            <dt className="flex items-start gap-2 text-sm text-muted-foreground">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              {t(`stats.${key}`)}
            </dt>
            <dd className="text-2xl font-bold tabular-nums sm:text-3xl">{values[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
