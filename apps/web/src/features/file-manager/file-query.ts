import { CATEGORY_IDS, type CategoryId } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';

/**
 * The file list's state (spec section 4) and the pure functions that apply it: search, category
 * filter, sort and per-category totals. No React here, so 10,000-file cases are cheap to test.
 */

/** `other` is the fallback category and is never offered as a filter (spec section 3). */
export type FilterCategory = Exclude<CategoryId, 'other'>;
export type CategoryFilter = 'all' | FilterCategory;
export type SortField = 'name' | 'size' | 'type' | 'category';
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
export const SORT_FIELDS: readonly SortField[] = ['name', 'size', 'type', 'category'];
export const VIEW_MODES: readonly ViewMode[] = ['list', 'grid', 'tree'];

export function isFilterCategory(value: string): value is FilterCategory {
  return (FILTER_CATEGORIES as readonly string[]).includes(value);
}

/** Case-insensitive substring match on the path (which ends with the name); category filter. */
export function filterFiles(files: readonly ExtractedFile[], search: string, category: CategoryFilter): ExtractedFile[] {
  const needle = search.trim().toLocaleLowerCase();
  return files.filter(
    (file) =>
      (category === 'all' || file.category === category) && (needle === '' || file.path.toLocaleLowerCase().includes(needle)),
  );
}

export interface SortOptions {
  field: SortField;
  order: SortOrder;
  /** Locale for comparing text; numbers inside names compare by value (`file2` before `file10`). */
  locale?: string;
  /** Display name of a category, so sorting by category follows what the visitor reads. */
  categoryName?: (id: CategoryId) => string;
}

/** A sorted copy. Ties are broken by path, so the order never depends on the input's. */
export function sortFiles(files: readonly ExtractedFile[], options: SortOptions): ExtractedFile[] {
  const collator = new Intl.Collator(options.locale, { numeric: true, sensitivity: 'base' });
  const categoryName = options.categoryName ?? ((id: CategoryId) => id);
  const primary: (a: ExtractedFile, b: ExtractedFile) => number = {
    name: (a: ExtractedFile, b: ExtractedFile) => collator.compare(a.name, b.name),
    size: (a: ExtractedFile, b: ExtractedFile) => a.size - b.size,
    type: (a: ExtractedFile, b: ExtractedFile) => collator.compare(a.mimeType, b.mimeType),
    category: (a: ExtractedFile, b: ExtractedFile) => collator.compare(categoryName(a.category), categoryName(b.category)),
  }[options.field];
  const direction = options.order === 'asc' ? 1 : -1;
  return [...files].sort((a, b) => direction * (primary(a, b) || collator.compare(a.path, b.path)));
}

/** Filters, then sorts: the files the current view shows, in order. */
export function applyQuery(
  files: readonly ExtractedFile[],
  query: Pick<FileQuery, 'search' | 'category' | 'sortField' | 'order'>,
  options: Pick<SortOptions, 'locale' | 'categoryName'> = {},
): ExtractedFile[] {
  return sortFiles(filterFiles(files, query.search, query.category), { ...options, field: query.sortField, order: query.order });
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
