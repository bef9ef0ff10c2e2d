import type { Dashboard } from '@archive-opener/shared/api';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-size';
import { formatCount, formatDuration, formatUptime } from './admin-format';
import { AdminSection } from './AdminSection';
import { Badge } from './Badge';
import { StaticFileChecks } from './StaticFileChecks';

type System = Dashboard['system'];

const DATABASE_NAMES: Record<System['database']['kind'], string> = { pglite: 'PGlite', postgresql: 'PostgreSQL' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border py-2 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-end font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** The server as it is now: database, queue, workers, storage, uptime, memory, version, SEO files. */
export function SystemStatus({ system, now }: { system: System; now: number }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage;
  const { database, workers, memory } = system;
  const bytes = (value: number) => formatBytes(value, locale);
  return (
    <AdminSection id="system" title={t('system.title')}>
      <dl className="text-sm">
        <Row label={t('system.database')}>
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            <Badge tone={database.ok ? 'success' : 'error'}>
              {database.ok ? <CircleCheck aria-hidden /> : <CircleX aria-hidden />}
              {database.ok ? t('system.databaseOk') : t('system.databaseError')}
            </Badge>
            <span>
              {t('system.databaseLatency', {
                kind: DATABASE_NAMES[database.kind],
                latency: formatDuration(database.latencyMs, t, locale),
              })}
            </span>
          </span>
        </Row>
        <Row label={t('system.queue')}>{formatCount(system.queueDepth, locale)}</Row>
        <Row label={t('system.running')}>{formatCount(system.runningJobs, locale)}</Row>
        <Row label={t('system.workers')}>
          {t('system.workersValue', { busy: formatCount(workers.busy, locale), capacity: formatCount(workers.capacity, locale) })}
        </Row>
        <Row label={t('system.storage')}>{bytes(system.storageBytes)}</Row>
        <Row label={t('system.uptime')}>{formatUptime(system.uptimeSeconds, t, locale)}</Row>
        <Row label={t('system.memory')}>
          {t('system.memoryValue', { rss: bytes(memory.rssBytes), heap: bytes(memory.heapUsedBytes) })}
        </Row>
        <Row label={t('system.version')}>
          <bdi>{t('system.versionValue', { version: system.version, node: system.nodeVersion })}</bdi>
        </Row>
      </dl>
      <StaticFileChecks checks={system.staticFiles} now={now} />
    </AdminSection>
  );
}
