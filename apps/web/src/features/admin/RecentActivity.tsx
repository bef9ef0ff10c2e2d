import type { Activity } from '@archive-opener/shared/api';
import { useTranslation } from 'react-i18next';
import { AdminSection } from './AdminSection';
import { ActivityRow } from './ActivityRow';

const COLUMNS = ['time', 'mode', 'format', 'size', 'outcome', 'duration'] as const;

/**
 * The latest extractions. A phone is narrower than the table: it scrolls sideways inside its
 * own focusable region, never the page, with a shadow on the edge that hides more columns.
 */
export function RecentActivity({ activity, now }: { activity: Activity[]; now: number }) {
  const { t } = useTranslation('admin');
  return (
    <AdminSection id="activity" title={t('activity.title')}>
      {activity.length === 0 ? (
        <p className="text-muted-foreground">{t('activity.empty')}</p>
      ) : (
        <div
          role="region"
          aria-label={t('activity.tableLabel')}
          tabIndex={0}
          className="scroll-cue -mx-4 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-ring sm:mx-0 sm:px-0"
        >
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <thead>
              <tr className="border-b border-border text-muted-foreground">
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 text-start font-medium first:ps-0 last:pe-0">
                    {t(`activity.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {activity.map((entry, index) => (
                <ActivityRow key={`${entry.at}-${index}`} entry={entry} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
