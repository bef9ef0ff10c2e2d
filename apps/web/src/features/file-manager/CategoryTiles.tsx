import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { formatBytes } from '../../lib/format-size';
import { CATEGORY_STYLES } from '../file-preview';
import { isFilterCategory, type CategoryFilter, type CategoryStat, type FilterCategory } from './file-query';

export interface CategoryTilesProps {
  stats: readonly CategoryStat[];
  active: CategoryFilter;
  /** Called with a tile's category; the file manager toggles between it and 'all'. */
  onToggle: (category: FilterCategory) => void;
}

/**
 * One tile per category that has files: name, count, total size. A tile is a toggle button for
 * its filter; 'Other' is shown for its totals but is not a filter (docs/product.md#file-categories), so it is
 * plain text rather than a button that would do nothing.
 */
export function CategoryTiles({ stats, active, onToggle }: CategoryTilesProps) {
  const { t, i18n } = useTranslation();
  if (stats.length === 0) return null;
  return (
    <ul aria-label={t('fileManager.tiles.label')} className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-2">
      {stats.map(({ id, count, totalSize }) => {
        const { Icon, iconClass, backgroundClass } = CATEGORY_STYLES[id];
        const content = (
          <>
            <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-md', backgroundClass)}>
              <Icon aria-hidden className={cn('size-5', iconClass)} />
            </span>
            <span className="min-w-0 text-start">
              <span className="block truncate text-sm font-medium">{t(`fileManager.categories.${id}`)}</span>
              <span className="block text-xs text-muted-foreground">
                {t('fileManager.tiles.count', { count })} · {formatBytes(totalSize, i18n.resolvedLanguage)}
              </span>
            </span>
          </>
        );
        const box = 'flex h-full w-full min-w-0 items-center gap-3 rounded-lg border p-3';
        return (
          <li key={id} className="min-w-0">
            {isFilterCategory(id) ? (
              <button
                type="button"
                aria-pressed={active === id}
                onClick={() => onToggle(id)}
                className={cn(
                  box,
                  'transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  active === id ? 'border-primary bg-accent text-accent-foreground' : 'border-border bg-card',
                )}
              >
                {content}
              </button>
            ) : (
              <div className={cn(box, 'border-border bg-card')}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
