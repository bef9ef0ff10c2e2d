import type { CategoryId } from '@archive-opener/shared';
import { useCallback, useDeferredValue, useId, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveFacts } from '../integrity/archive-facts';
import { ChecksumsDownload } from '../integrity/ChecksumsDownload';
import { SafetySummary } from '../integrity/SafetySummary';
import { useBackgroundChecksums } from '../integrity/use-checksums';
import { BulkBar } from './BulkBar';
import { CategoryTiles } from './CategoryTiles';
import { ExpiryNotice } from './ExpiryNotice';
import type { ExtractedFile } from './extracted-file';
import type { FileActions } from './file-actions';
import {
  categoryStats,
  DEFAULT_QUERY,
  filesAt,
  indexFiles,
  queryPositions,
  type FileQuery,
  type FilterCategory,
} from './file-query';
import { buildFileTree, type FileTree } from './file-tree';
import { filesExpireAt, serverJobsKey } from './files-expiry';
import { FileResults } from './FileResults';
import { FileToolbar } from './FileToolbar';
import { filesNamedIn, hasRawNames, type NamesChoice } from './names-encoding';
import { NamesEncodingPicker } from './NamesEncodingPicker';
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
  /** What the extractions said beyond the files: the safety report above them. */
  facts?: readonly ArchiveFacts[];
}

const NONE: ReadonlySet<string> = new Set();
const NO_FACTS: readonly ArchiveFacts[] = [];

/** A search or filter leaving at most this many files opens every folder of the tree view. */
const REVEAL_UP_TO = 100;

/**
 * The extracted files (docs/product.md#file-manager): category tiles, toolbar, summary, the chosen view and
 * the bulk downloads. The files are indexed once (lower-case paths, each sort field's order kept
 * after first use) and the search is deferred, so with 100,000 files a keystroke is one pass
 * without a sort, and the views render only what is near the viewport.
 */
export function FileManager({
  files: extracted,
  archiveName,
  onOpenArchive,
  openingIds = NONE,
  openedIds = NONE,
  headingRef,
  onExtractAgain,
  facts = NO_FACTS,
}: FileManagerProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const locale = i18n.resolvedLanguage;
  const [query, setQuery] = useState<FileQuery>(DEFAULT_QUERY);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(NONE);
  // Everything below (tiles, search, tree, downloads, the ZIP) sees the files under the chosen names.
  const [namesChoice, setNamesChoice] = useState<NamesChoice>('auto');
  const showNamesPicker = useMemo(() => hasRawNames(extracted), [extracted]);
  const files = useMemo(() => filesNamedIn(extracted, namesChoice), [extracted, namesChoice]);
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
  // Every file's SHA-256, in a worker, after the list is shown (the cards on screen first).
  useBackgroundChecksums(files);

  const stats = useMemo(() => categoryStats(files), [files]);
  const categoryName = useCallback((id: CategoryId) => t(`fileManager.categories.${id}`), [t]);
  const index = useMemo(() => indexFiles(files), [files]);
  const positions = useMemo(
    () => queryPositions(index, { search, category, sortField, order }, { locale, categoryName }),
    [index, search, category, sortField, order, locale, categoryName],
  );
  const shown = useMemo(() => filesAt(index, positions), [index, positions]);
  // Built on the tree view's first use, then kept for this list of files.
  const tree = useMemo(() => {
    let built: FileTree | undefined;
    return () => (built ??= buildFileTree(files));
  }, [files]);
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
      <SafetySummary facts={facts} files={files} />
      {jobsKey !== '' && (
        <ExpiryNotice expiresAt={expiresAt} expired={expired} onExpired={markGone} onExtractAgain={onExtractAgain} />
      )}
      {/* A disabled fieldset disables every control inside at once: nothing is left to act on. */}
      <fieldset disabled={expired} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <CategoryTiles stats={stats} active={category} onToggle={toggleCategory} />
        {showNamesPicker && <NamesEncodingPicker value={namesChoice} onChange={setNamesChoice} />}
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
        <ChecksumsDownload files={files} />
        {/* Announced politely, so screen-reader users hear how a search or filter changed the list. */}
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {summary.join(' ')}
        </p>
        {shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
            {t('fileManager.empty')}
          </p>
        ) : (
          <FileResults
            key={view}
            files={shown}
            positions={positions}
            tree={tree}
            fewMatches={shown.length < files.length && shown.length <= REVEAL_UP_TO}
            view={view}
            actions={actions}
          />
        )}
      </fieldset>
    </section>
  );
}

export default FileManager;
