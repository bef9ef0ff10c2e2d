import { MONITORED_FILES } from '@archive-opener/shared';
import type { StaticFileStatus } from '@archive-opener/shared/api';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { formatRelativeTime } from './admin-format';
import { Badge } from './Badge';

function latest(checks: StaticFileStatus[], path: StaticFileStatus['path']): StaticFileStatus | undefined {
  return checks.filter((check) => check.path === path).sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
}

/**
 * The visitors' pages' latest checks of robots.txt and sitemap.xml (kept from the original:
 * docs/product.md#monitoring-checks).
 */
export function StaticFileChecks({ checks, now }: { checks: StaticFileStatus[]; now: number }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold">{t('system.staticFiles')}</h3>
      <ul className="space-y-2 text-sm">
        {MONITORED_FILES.map((path) => {
          const check = latest(checks, path);
          return (
            <li key={path} className="rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <code dir="ltr" className="font-mono font-medium">
                  {path}
                </code>
                {check ? <CheckBadge check={check} /> : <Badge tone="neutral">{t('system.noCheck')}</Badge>}
              </div>
              {check && (
                <div className="mt-1 space-y-0.5 text-muted-foreground">
                  <p>
                    <time dateTime={check.at} title={formatDateTime(check.at, locale)}>
                      {t('system.checkedAt', { time: formatRelativeTime(check.at, now, locale) })}
                    </time>
                  </p>
                  <p className="break-words">
                    {t('system.checkDetails', {
                      status: check.status,
                      contentType: check.contentType || t('system.noContentType'),
                    })}
                  </p>
                  {check.error && (
                    <p dir="auto" className="break-words text-destructive [overflow-wrap:anywhere]">
                      {check.error}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CheckBadge({ check }: { check: StaticFileStatus }) {
  const { t } = useTranslation('admin');
  if (!check.success)
    return (
      <Badge tone="error">
        <CircleX aria-hidden />
        {t('system.checkError')}
      </Badge>
    );
  if (check.warning)
    return (
      <Badge tone="warning">
        <TriangleAlert aria-hidden />
        {t('system.checkWarning')}
      </Badge>
    );
  return (
    <Badge tone="success">
      <CircleCheck aria-hidden />
      {t('system.checkOk')}
    </Badge>
  );
}
