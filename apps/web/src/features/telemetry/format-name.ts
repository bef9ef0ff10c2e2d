/**
 * The short lowercase format name of a usage event ('zip', '7z', 'tar.gz'…): the engine's name
 * when it got as far as naming the format, else the archive's extension. Only the extension is
 * ever taken from the name, never the name itself.
 */
import { FORMAT_NAME_PATTERN as FORMAT_NAME } from '@archive-opener/shared';

/** Extensions that name a compressed tar by another spelling, as the engine names it. */
const ALIASES: Record<string, string> = {
  tgz: 'tar.gz',
  taz: 'tar.gz',
  tbz: 'tar.bz2',
  tbz2: 'tar.bz2',
  txz: 'tar.xz',
  tzst: 'tar.zst',
  tlz: 'tar.lz',
};

function accepted(name: string | null | undefined): string | null {
  const normalized = name?.trim().toLowerCase();
  return normalized && FORMAT_NAME.test(normalized) ? normalized : null;
}

/** The format an archive's name suggests: its extension, a volume's set format, or null. */
export function formatFromFileName(fileName: string): string | null {
  const name = fileName.trim().toLowerCase();
  // Volumes of a set: name.r00 (RAR), name.z01 (spanned ZIP), name.7z.001 / name.001 (split).
  if (/\.r\d{2,3}$/.test(name)) return 'rar';
  if (/\.z\d{2,3}$/.test(name)) return 'zip';
  const whole = name.replace(/\.\d{3}$/, '');
  const compressedTar = /\.(tar\.[a-z0-9]+)$/.exec(whole)?.[1];
  if (compressedTar) return accepted(compressedTar);
  const extension = /\.([a-z0-9]+)$/.exec(whole)?.[1];
  if (!extension) return null;
  return accepted(ALIASES[extension] ?? extension);
}

/** The engine's name for the format if it is a valid one, else what the file name suggests. */
export function usageFormatName(engineFormat: string | null | undefined, fileName: string): string | null {
  return accepted(engineFormat) ?? formatFromFileName(fileName);
}
