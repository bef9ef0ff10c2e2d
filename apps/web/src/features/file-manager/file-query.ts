import { CATEGORY_IDS, type CategoryId } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';
import { compareKeys, sortKey } from './sort-key';

/**
 * The file list's state (docs/product.md#search-sort-and-views) and the pure functions that apply
 * it: search, category filter, sort and per-category totals. No React here, so 100,000-file cases
 * are cheap to test.
 */

/** `other` is the fallback category and is never offered as a filter (docs/product.md#file-categories). */
export type FilterCategory = Exclude<CategoryId, 'other'>;
export type CategoryFilter = 'all' | FilterCategory;
export type SortField = 'name' | 'size' | 'modified' | 'type' | 'category';
export type SortOrder = 'asc' | 'desc';
export type ViewMode = 'list' | 'grid' | 'tree';

export interface FileQuery {
  search: string;
  category: CategoryFilter;
  sortField: SortField;
  order: SortOrder;
  view: ViewMode;
}

export const DEFAULT_QUERY: FileQuery = { search: '', category: 'all', sortField: 'name', order: 'asc', view: 'list' };

export const FILTER_CATEGORIES: readonly FilterCategory[] = CATEGORY_IDS.filter((id): id is FilterCategory => id !== 'other');
export const SORT_FIELDS: readonly SortField[] = ['name', 'size', 'modified', 'type', 'category'];
export const VIEW_MODES: readonly ViewMode[] = ['list', 'grid', 'tree'];

export function isFilterCategory(value: string): value is FilterCategory {
  return (FILTER_CATEGORIES as readonly string[]).includes(value);
}

export interface SortOptions {
  field: SortField;
  order: SortOrder;
  /** Locale for ordering MIME types and category names. */
  locale?: string;
  /** Display name of a category, so sorting by category follows what the visitor reads. */
  categoryName?: (id: CategoryId) => string;
}

/**
 * What every search and sort of one list of files reads, made once per list: the lower-case
 * paths the search matches and each field's ascending order (made on first use, then kept). So a
 * keystroke is one pass over the files and no sort, and a sort field is sorted once.
 */
export interface FileIndex {
  readonly files: readonly ExtractedFile[];
  readonly searchText: readonly string[];
  readonly orders: Map<string, Int32Array>;
}

export function indexFiles(files: readonly ExtractedFile[]): FileIndex {
  return { files, searchText: files.map((file) => file.path.toLocaleLowerCase()), orders: new Map() };
}

function sortedIndexes(count: number, compare: (a: number, b: number) => number): Int32Array {
  const order = new Int32Array(count);
  for (let index = 0; index < count; index += 1) order[index] = index;
  return order.sort(compare);
}

/** Ranks of a few distinct values (MIME types, categories) in the locale's order. */
function ranksOf(values: Iterable<string>, locale: string | undefined): Map<string, number> {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return new Map([...new Set(values)].sort(collator.compare).map((value, rank) => [value, rank]));
}

const NO_TIME = Number.NEGATIVE_INFINITY;

/** Ranks of the files' distinct times, earliest first (no time before any). */
function ranksOfTimes(files: readonly ExtractedFile[]): Map<number, number> {
  const times = Float64Array.from(new Set(files.map((file) => file.modified ?? NO_TIME))).sort();
  return new Map(Array.from(times, (time, rank) => [time, rank]));
}

/** Names by value and without case, ties by path: the order every other field falls back on. */
function nameOrder(index: FileIndex): Int32Array {
  const cached = index.orders.get('name');
  if (cached) return cached;
  const { files, searchText } = index;
  const keys = files.map((file) => sortKey(file.name));
  const pathKeys = new Map<number, string>();
  const pathKey = (at: number) => {
    let key = pathKeys.get(at);
    if (key === undefined) pathKeys.set(at, (key = sortKey(files[at]?.path ?? '')));
    return key;
  };
  const order = sortedIndexes(files.length, (a, b) => {
    const byName = compareKeys(keys[a] ?? '', keys[b] ?? '');
    if (byName !== 0) return byName;
    // Equal names are rare, so their paths' keys are made only when needed.
    return compareKeys(pathKey(a), pathKey(b)) || compareKeys(searchText[a] ?? '', searchText[b] ?? '');
  });
  index.orders.set('name', order);
  return order;
}

/** The files' positions in ascending order of `field` (ties in name order), made once per field and language. */
export function ascendingOrder(index: FileIndex, options: Omit<SortOptions, 'order'>): Int32Array {
  const byName = nameOrder(index);
  if (options.field === 'name') return byName;
  const cacheKey = `${options.field}|${options.locale ?? ''}`;
  const cached = index.orders.get(cacheKey);
  if (cached) return cached;
  const { files } = index;
  const nameRank = new Int32Array(files.length);
  byName.forEach((at, rank) => (nameRank[at] = rank));
  const categoryName = options.categoryName ?? ((id: CategoryId) => id);
  let primary: (file: ExtractedFile) => number;
  if (options.field === 'size') primary = (file) => file.size;
  else if (options.field === 'modified') {
    // Ranks, not the times: ms since 1970 times 100,000 files is past what the packed sort below
    // holds exactly. Files the archive gave no time come first, as the oldest.
    const ranks = ranksOfTimes(files);
    primary = (file) => ranks.get(file.modified ?? NO_TIME) ?? 0;
  } else if (options.field === 'type') {
    const ranks = ranksOf(
      files.map((file) => file.mimeType),
      options.locale,
    );
    primary = (file) => ranks.get(file.mimeType) ?? 0;
  } else {
    const ranks = ranksOf(CATEGORY_IDS.map(categoryName), options.locale);
    primary = (file) => ranks.get(categoryName(file.category)) ?? 0;
  }
  // Each file's (value, name rank) packed into one number, so the engine's native numeric sort
  // of a Float64Array does the work (a comparator called 1.7 million times costs ten times more).
  const count = files.length;
  const packed = new Float64Array(count);
  let safe = true;
  files.forEach((file, at) => {
    const value = primary(file) * count + (nameRank[at] ?? 0);
    safe &&= Number.isSafeInteger(value);
    packed[at] = value;
  });
  let order: Int32Array;
  if (safe) {
    packed.sort();
    order = Int32Array.from(packed, (value) => byName[value % count] ?? 0);
  } else {
    const values = files.map(primary);
    order = sortedIndexes(count, (a, b) => (values[a] ?? 0) - (values[b] ?? 0) || (nameRank[a] ?? 0) - (nameRank[b] ?? 0));
  }
  index.orders.set(cacheKey, order);
  return order;
}

/** The positions of the files the current view shows, in order: one pass over a kept order, filtering as it goes. */
export function queryPositions(
  index: FileIndex,
  query: Pick<FileQuery, 'search' | 'category' | 'sortField' | 'order'>,
  options: Pick<SortOptions, 'locale' | 'categoryName'> = {},
): Int32Array {
  const order = ascendingOrder(index, { ...options, field: query.sortField });
  const needle = query.search.trim().toLocaleLowerCase();
  const { files, searchText } = index;
  const { category } = query;
  const shown = new Int32Array(order.length);
  let count = 0;
  const last = order.length - 1;
  for (let step = 0; step <= last; step += 1) {
    const at = order[query.order === 'asc' ? step : last - step] ?? 0;
    if (category !== 'all' && files[at]?.category !== category) continue;
    if (needle !== '' && !(searchText[at] ?? '').includes(needle)) continue;
    shown[count++] = at;
  }
  return shown.subarray(0, count);
}

export function filesAt(index: FileIndex, positions: Int32Array): ExtractedFile[] {
  return Array.from(positions, (at) => index.files[at]).filter((file) => file !== undefined);
}

/** The files the current view shows, in order. */
export function runQuery(
  index: FileIndex,
  query: Pick<FileQuery, 'search' | 'category' | 'sortField' | 'order'>,
  options: Pick<SortOptions, 'locale' | 'categoryName'> = {},
): ExtractedFile[] {
  return filesAt(index, queryPositions(index, query, options));
}

/** Filters, then sorts, in one go (for callers without a kept index). */
export function applyQuery(
  files: readonly ExtractedFile[],
  query: Pick<FileQuery, 'search' | 'category' | 'sortField' | 'order'>,
  options: Pick<SortOptions, 'locale' | 'categoryName'> = {},
): ExtractedFile[] {
  return runQuery(indexFiles(files), query, options);
}

/** Case-insensitive substring match on the path (which ends with the name); category filter; input order kept. */
export function filterFiles(files: readonly ExtractedFile[], search: string, category: CategoryFilter): ExtractedFile[] {
  const needle = search.trim().toLocaleLowerCase();
  return files.filter(
    (file) =>
      (category === 'all' || file.category === category) && (needle === '' || file.path.toLocaleLowerCase().includes(needle)),
  );
}

/** A sorted copy: names with numbers by value and without case; ties by name, then path. */
export function sortFiles(files: readonly ExtractedFile[], options: SortOptions): ExtractedFile[] {
  return applyQuery(files, { search: '', category: 'all', sortField: options.field, order: options.order }, options);
}

export interface CategoryStat {
  id: CategoryId;
  count: number;
  totalSize: number;
}

/** Count and total size of each category that has files, in the categories' fixed order. */
export function categoryStats(files: readonly ExtractedFile[]): CategoryStat[] {
  const totals = new Map<CategoryId, CategoryStat>();
  for (const file of files) {
    const stat = totals.get(file.category) ?? { id: file.category, count: 0, totalSize: 0 };
    stat.count += 1;
    stat.totalSize += file.size;
    totals.set(file.category, stat);
  }
  return CATEGORY_IDS.flatMap((id) => totals.get(id) ?? []);
}

export function totalSize(files: readonly ExtractedFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}
