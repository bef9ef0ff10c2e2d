/** How much of a file the hex view shows. */
export const HEX_DUMP_BYTES = 4096;
const BYTES_PER_LINE = 16;

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/**
 * `hexdump -C` layout: an 8-digit offset, 16 bytes in two groups of 8, and an ASCII gutter where
 * anything outside printable ASCII is a dot (so control characters never reach the page).
 */
export function formatHexDump(bytes: Uint8Array, startOffset = 0): string {
  const lines: string[] = [];
  for (let start = 0; start < bytes.length; start += BYTES_PER_LINE) {
    const row = bytes.subarray(start, start + BYTES_PER_LINE);
    const cells = Array.from({ length: BYTES_PER_LINE }, (_, i) => (i < row.length ? hex(row[i] ?? 0, 2) : '  '));
    const ascii = Array.from(row, (byte) => (byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : '.')).join('');
    lines.push(`${hex(startOffset + start, 8)}  ${cells.slice(0, 8).join(' ')}  ${cells.slice(8).join(' ')}  |${ascii}|`);
  }
  return lines.join('\n');
}

export interface HexDump {
  dump: string;
  /** True when the file is longer than the dump. */
  truncated: boolean;
}

/** Reads only the first `maxBytes` of the blob. */
export async function hexDumpOf(blob: Blob, maxBytes = HEX_DUMP_BYTES): Promise<HexDump> {
  const bytes = new Uint8Array(await blob.slice(0, maxBytes).arrayBuffer());
  return { dump: formatHexDump(bytes), truncated: blob.size > maxBytes };
}
