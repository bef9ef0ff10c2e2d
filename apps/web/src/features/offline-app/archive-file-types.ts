import { ARCHIVE_EXTENSIONS } from '@archive-opener/shared';

/**
 * The media type the installed app registers each archive extension under ("Open with" on the
 * desktop, the share sheet on Android). The extensions are the engine's (ARCHIVE_EXTENSIONS, also
 * used to name extracted ZIPs); `.exe` is left out: the app must not offer to open every program.
 */
const MEDIA_TYPES: Record<string, string> = {
  zip: 'application/zip',
  jar: 'application/java-archive',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  bz2: 'application/x-bzip2',
  tbz: 'application/x-bzip2',
  tbz2: 'application/x-bzip2',
  xz: 'application/x-xz',
  txz: 'application/x-xz',
  zst: 'application/zstd',
  zstd: 'application/zstd',
  tzst: 'application/zstd',
  lz: 'application/x-lzip',
  lzma: 'application/x-lzma',
  tlz: 'application/x-lzma',
  z: 'application/x-compress',
  cab: 'application/vnd.ms-cab-compressed',
  iso: 'application/x-iso9660-image',
  lzh: 'application/x-lzh-compressed',
  lha: 'application/x-lzh-compressed',
  arj: 'application/x-arj',
  cpio: 'application/x-cpio',
  deb: 'application/vnd.debian.binary-package',
  rpm: 'application/x-rpm',
  wim: 'application/x-ms-wim',
  xar: 'application/x-xar',
  ar: 'application/x-archive',
};

export const NOT_REGISTERED = new Set(['exe']);

/** `{ "application/zip": [".zip"], … }`: the manifest's file_handlers `accept`. */
export function archiveAccept(): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const extension of [...ARCHIVE_EXTENSIONS].sort()) {
    if (NOT_REGISTERED.has(extension)) continue;
    const type = MEDIA_TYPES[extension];
    if (!type) throw new Error(`No media type for the archive extension .${extension} (add it to archive-file-types.ts)`);
    (accept[type] ??= []).push(`.${extension}`);
  }
  return accept;
}
