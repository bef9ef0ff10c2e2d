/**
 * File categories of the file manager (docs/product.md#file-categories), shared so that the API and
 * the UI agree. A file belongs to the category whose extension list holds its extension; else to
 * the one with the longest prefix of its MIME type (so `text/html` is code while any other `text/…`
 * is a document); `other` is the fallback and is never offered as a filter.
 */
export const CATEGORY_IDS = ['images', 'documents', 'videos', 'audio', 'archives', 'code', 'other'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface CategoryRule {
  id: CategoryId;
  extensions: readonly string[];
  mimePrefixes: readonly string[];
}

export const CATEGORY_RULES: readonly CategoryRule[] = [
  { id: 'images', extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'ico'], mimePrefixes: ['image/'] },
  {
    id: 'documents',
    extensions: ['pdf', 'doc', 'docx', 'txt', 'rtf', 'odt'],
    // Any text (Markdown, CSV, logs…) reads as a document; JSON is text too.
    mimePrefixes: ['application/pdf', 'text/', 'application/msword', 'application/json'],
  },
  { id: 'videos', extensions: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv'], mimePrefixes: ['video/'] },
  { id: 'audio', extensions: ['mp3', 'wav', 'flac', 'aac', 'ogg', 'wma'], mimePrefixes: ['audio/'] },
  {
    id: 'archives',
    extensions: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst', 'cab', 'iso', 'lzh', 'arj', 'cpio', 'wim'],
    mimePrefixes: ['application/zip', 'application/x-rar-compressed', 'application/x-7z-compressed'],
  },
  {
    id: 'code',
    extensions: ['js', 'ts', 'jsx', 'tsx', 'html', 'css', 'php', 'py', 'java'],
    mimePrefixes: ['text/javascript', 'text/html', 'text/css'],
  },
];

/** The lower-cased extension after the last dot of the last path segment, or '' when there is none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function categorize(path: string, mimeType = ''): CategoryId {
  const extension = extensionOf(path);
  const byExtension = extension === '' ? undefined : CATEGORY_RULES.find((rule) => rule.extensions.includes(extension));
  if (byExtension) return byExtension.id;
  const mime = mimeType.toLowerCase();
  let best: { id: CategoryId; length: number } | null = null;
  for (const rule of CATEGORY_RULES)
    for (const prefix of rule.mimePrefixes)
      if (mime.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { id: rule.id, length: prefix.length };
  return best?.id ?? 'other';
}
