import type { Progress } from '../core/types.js';

/** Human-readable output for a terminal; `--json` bypasses all of it. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '?';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '))
    .join('\n');
}

export function progressLine(progress: Progress, width = 30): string {
  const ratio = progress.bytesTotal ? Math.min(1, progress.bytesDone / progress.bytesTotal) : null;
  const filled = ratio === null ? 0 : Math.round(ratio * width);
  const bar = ratio === null ? '·'.repeat(width) : `${'█'.repeat(filled)}${' '.repeat(width - filled)}`;
  const percent = ratio === null ? '   ' : `${Math.round(ratio * 100)}%`.padStart(4);
  return `\r${progress.phase.padEnd(10)} [${bar}] ${percent} ${formatSize(progress.bytesDone)}, ${progress.entriesDone} entries`;
}
