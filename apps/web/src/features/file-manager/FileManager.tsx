import type { CategoryId } from '@archive-opener/shared';
import { useCallback, useDeferredValue, useId, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from './BulkBar';
import { CategoryTiles } from './CategoryTiles';
import { ExpiryNotice } from './ExpiryNotice';
import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import { applyQuery, categoryStats, DEFAULT_QUERY, type FileQuery, type FilterCategory } from './file-query';
import { filesExpireAt, serverJobsKey } from './files-expiry';
import { FileResults } from './FileResults';
import { FileToolbar } from './FileToolbar';
import { useFileDownloads } from './use-file-downloads';

export interface FileManagerProps {
  files: readonly ExtractedFile[];
  /** Name of the archive (single archive) for the ZIP name; null for a batch of several. */
  archiveName: string | null;
  /** Opens a nested archive in place; when absent, no 'Open archive' button. */
  onOpenArchive?: (file: ExtractedFile) => void;
  /** ids of archive files currently being opened. */
  openingIds?: ReadonlySet<string>;
  /** ids of archive files already opened (their files are in `files` with parentId = id). */
  openedIds?: ReadonlySet<string>;
  /** The heading, focusable from script: focus lands there when the completion dialog closes. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Extracts the archive(s) again once server files have expired. */
  onExtractAgain?: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The extracted files (spec "File manager"): category tiles, toolbar, summary, the chosen view and
 * the bulk downloads. Filtering and sorting are memoised and the search is deferred, so typing
 * stays smooth with 10,000 files.
 */
export function FileManager({
  files,
  archiveName,
  onOpenArchive,
  openingIds = NONE,
  openedIds = NONE,
  headingRef,
  onExtractAgain,
}: FileManagerProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const locale = i18n.resolvedLanguage;
  const [query, setQuery] = useState<FileQuery>(DEFAULT_QUERY);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(NONE);
  const search = useDeferredValue(query.search);
  const { category, sortField, order, view } = query;
  // Files extracted on the server are deleted there at their expiry (or earlier, if the server
  // says so when one is downloaded): then every action is disabled and extracting again offered.
  const expiresAt = useMemo(() => filesExpireAt(files), [files]);
  const jobsKey = useMemo(() => serverJobsKey(files), [files]);
  const [goneJobs, setGoneJobs] = useState<string | null>(null);
  const expired = jobsKey !== '' && goneJobs === jobsKey;
  const markGone = useCallback(() => setGoneJobs(jobsKey), [jobsKey]);
  const { downloadOne } = useFileDownloads(archiveName, markGone);

  const stats = useMemo(() => categoryStats(files), [files]);
  const categoryName = useCallback((id: CategoryId) => t(`fileManager.categories.${id}`), [t]);
  const shown = useMemo(
    () => applyQuery(files, { search, category, sortField, order }, { locale, categoryName }),
    [files, search, category, sortField, order, locale, categoryName],
  );
  const selected = useMemo(() => files.filter((file) => selectedIds.has(file.id)), [files, selectedIds]);

  const onSelectedChange = useCallback((file: ExtractedFile, isSelected: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (isSelected) next.add(file.id);
      else next.delete(file.id);
      return next;
    });
  }, []);
  const actions = useMemo<FileActions>(
    () => ({ selectedIds, onSelectedChange, onDownload: (file) => void downloadOne(file), onOpenArchive, openingIds, openedIds }),
    [selectedIds, onSelectedChange, downloadOne, onOpenArchive, openingIds, openedIds],
  );

  const update = (patch: Partial<FileQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const toggleCategory = (id: FilterCategory) => update({ category: category === id ? 'all' : id });
  const trimmedSearch = search.trim();
  const summary = [
    t('fileManager.summary.showing', { count: files.length, shown: shown.length }),
    trimmedSearch && t('fileManager.summary.matching', { query: trimmedSearch }),
    category !== 'all' && t('fileManager.summary.inCategory', { category: categoryName(category) }),
  ].filter(Boolean);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 py-6">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none sm:text-2xl">
        {t('fileManager.title', { count: files.length })}
      </h2>
      {jobsKey !== '' && (
        <ExpiryNotice expiresAt={expiresAt} expired={expired} onExpired={markGone} onExtractAgain={onExtractAgain} />
      )}
      {/* A disabled fieldset disables every control inside at once: nothing is left to act on. */}
      <fieldset disabled={expired} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <CategoryTiles stats={stats} active={category} onToggle={toggleCategory} />
        <FileToolbar query={query} onChange={update} />
        <BulkBar
          onGone={markGone}
          files={files}
          selected={selected}
          archiveName={archiveName}
          shownCount={shown.length}
          onSelectShown={() => setSelectedIds((current) => new Set([...current, ...shown.map((file) => file.id)]))}
          onClearSelection={() => setSelectedIds(NONE)}
        />
        {/* Announced politely, so screen-reader users hear how a search or filter changed the list. */}
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {summary.join(' ')}
        </p>
        {shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
            {t('fileManager.empty')}
          </p>
        ) : (
          <FileResults key={`${view}|${search}|${category}|${sortField}|${order}`} files={shown} view={view} actions={actions} />
        )}
      </fieldset>
    </section>
  );
}

export default FileManager;
