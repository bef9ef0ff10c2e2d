import { extensionOf } from '@archive-opener/shared';
import type { ExtractedFile } from '../file-manager/extracted-file';

/** How a file can be previewed; `null` = no preview offered. */
export type PreviewKind = 'text' | 'image' | 'audio' | 'video' | 'pdf' | 'hex';

// The text-like extensions of docs/product.md#previews plus common source and config formats. SVG
// is here on purpose: it can carry script, so it is only ever shown as text
// (docs/decisions/006-security-rules-for-all-input.md).
const TEXT_EXTENSIONS = new Set(
  (
    'txt php js html css json xml md csv sql sh py ts tsx jsx yaml yml ini conf log readme gitignore htaccess ' +
    'svg htm mjs cjs scss sass less vue svelte java kt c h cpp hpp cc cs go rs rb pl lua r swift dart scala ' +
    'bat cmd ps1 bash zsh toml cfg properties env tsv diff patch tex rst adoc srt vtt gradle lock'
  ).split(' '),
);

// Extension-less (or dot-only) names that are text by convention; compared lower-cased.
const TEXT_NAMES = new Set(
  (
    'readme license licence copying notice authors contributors changelog changes install todo makefile ' +
    'dockerfile containerfile gemfile rakefile procfile vagrantfile jenkinsfile .gitignore .gitattributes ' +
    '.gitmodules .htaccess .editorconfig .npmrc .nvmrc .env .dockerignore .prettierrc .eslintrc .babelrc'
  ).split(' '),
);

// Only raster formats render as images: their decoders cannot run script
// (docs/decisions/006-security-rules-for-all-input.md).
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'avif']);
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/x-icon', 'image/avif']);
// What Chromium, Firefox and Safari play natively (mostly); a file that fails shows a message.
const AUDIO_EXTENSIONS = new Set(['mp3', 'wav', 'ogg', 'oga', 'flac', 'aac', 'm4a', 'opus']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'ogv', 'mov', 'm4v']);

const TEXT_MIMES = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/typescript',
  'application/x-sh',
  'application/x-httpd-php',
  'application/sql',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'image/svg+xml',
]);

function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || TEXT_MIMES.has(mime) || mime.endsWith('+json') || mime.endsWith('+xml');
}

/**
 * The preview a file gets. The extension decides first because archives store no MIME types (the
 * file's `mimeType` is itself a guess from the extension); the MIME type is the fallback. Every
 * non-empty file gets at least the hex view.
 */
export function previewKind(file: Pick<ExtractedFile, 'name' | 'mimeType' | 'size'>): PreviewKind | null {
  if (file.size <= 0) return null;
  const extension = extensionOf(file.name);
  const mime = file.mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (AUDIO_EXTENSIONS.has(extension)) return 'audio';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (extension === 'pdf') return 'pdf';
  if (TEXT_EXTENSIONS.has(extension) || TEXT_NAMES.has(file.name.toLowerCase())) return 'text';
  if (isTextMime(mime)) return 'text';
  if (IMAGE_MIMES.has(mime)) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  return 'hex';
}
