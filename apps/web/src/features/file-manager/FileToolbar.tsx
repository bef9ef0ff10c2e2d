import { FolderTree, LayoutGrid, List, Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { FILTER_CATEGORIES, isFilterCategory, SORT_FIELDS, VIEW_MODES, type FileQuery, type ViewMode } from './file-query';

export interface FileToolbarProps {
  query: FileQuery;
  onChange: (patch: Partial<FileQuery>) => void;
}

const VIEW_ICONS: Record<ViewMode, typeof List> = { list: List, grid: LayoutGrid, tree: FolderTree };

const FIELD =
  'h-10 rounded-md border border-input bg-card px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** Search, category filter, sort field and order, and the view switch, wrapping on narrow screens. */
export function FileToolbar({ query, onChange }: FileToolbarProps) {
  const { t } = useTranslation();
  const id = useId();
  const ascending = query.order === 'asc';
  return (
    <div role="group" aria-label={t('fileManager.toolbar.label')} className="flex flex-wrap items-end gap-2">
      <div className="relative min-w-0 flex-1 basis-full sm:basis-56">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('fileManager.toolbar.searchLabel')}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={`${id}-search`}
          type="search"
          value={query.search}
          onChange={(event) => onChange({ search: event.target.value })}
          placeholder={t('fileManager.toolbar.searchPlaceholder')}
          autoComplete="off"
          className={cn(FIELD, 'w-full ps-9 placeholder:text-muted-foreground')}
        />
      </div>
      <label htmlFor={`${id}-category`} className="sr-only">
        {t('fileManager.toolbar.categoryLabel')}
      </label>
      <select
        id={`${id}-category`}
        value={query.category}
        onChange={(event) => onChange({ category: isFilterCategory(event.target.value) ? event.target.value : 'all' })}
        className={cn(FIELD, 'min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto')}
      >
        <option value="all">{t('fileManager.toolbar.allCategories')}</option>
        {FILTER_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`fileManager.categories.${category}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-sort`} className="sr-only">
        {t('fileManager.toolbar.sortLabel')}
      </label>
      <select
        id={`${id}-sort`}
        value={query.sortField}
        onChange={(event) => onChange({ sortField: SORT_FIELDS.find((field) => field === event.target.value) ?? 'name' })}
        className={cn(FIELD, 'min-w-0 flex-1 basis-36 sm:flex-none sm:basis-auto')}
      >
        {SORT_FIELDS.map((field) => (
          <option key={field} value={field}>
            {t(`fileManager.toolbar.sort.${field}`)}
          </option>
        ))}
      </select>
      {/* The visible A-Z / Z-A starts the name (what voice-control users say); the hint completes it. */}
      <Button
        variant="outline"
        title={t(ascending ? 'fileManager.toolbar.ascHint' : 'fileManager.toolbar.descHint')}
        onClick={() => onChange({ order: ascending ? 'desc' : 'asc' })}
      >
        {t(ascending ? 'fileManager.toolbar.asc' : 'fileManager.toolbar.desc')}{' '}
        <span className="sr-only">{t(ascending ? 'fileManager.toolbar.ascHint' : 'fileManager.toolbar.descHint')}</span>
      </Button>
      <div
        role="group"
        aria-label={t('fileManager.toolbar.viewLabel')}
        className="inline-flex h-10 rounded-md border border-border p-0.5"
      >
        {VIEW_MODES.map((view) => {
          const Icon = VIEW_ICONS[view];
          return (
            <button
              key={view}
              type="button"
              aria-pressed={query.view === view}
              title={t(`fileManager.toolbar.view.${view}`)}
              onClick={() => onChange({ view })}
              className={cn(
                'inline-flex w-9 items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                query.view === view && 'bg-muted text-foreground',
              )}
            >
              <Icon aria-hidden className="size-4" />
              <span className="sr-only">{t(`fileManager.toolbar.view.${view}`)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
