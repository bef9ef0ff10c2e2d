/** Methods whose decoders need no memory to speak of beyond 7-Zip's fixed buffers. */
const SMALL = new Set([
  'COPY',
  'BCJ',
  'BCJ2',
  'ARM',
  'ARMT',
  'ARM64',
  'PPC',
  'SPARC',
  'IA64',
  'RISCV',
  'DELTA',
  'SWAP2',
  'SWAP4',
  '7ZAES',
  'BZIP2',
  'DEFLATE',
  'DEFLATE64',
]);

/** "24" is 2^24 bytes; "1536m", "64k", "1g" are sizes. Null when it is neither. */
export function sizeOf(text: string): number | null {
  const match = /^(\d+)([kmg]?)$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  if (unit === '') return value <= 40 ? 2 ** value : null;
  return value * (unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : 1024 ** 3);
}

/**
 * The most memory one 7-Zip instance's decoders need for the methods a 7z listing names (its
 * `Method` values, e.g. "LZMA2:24 BCJ", "PPMD:o6:mem24", "LZMA:1536m"): the LZMA dictionary or
 * the PPMd model. Null when a method is not known here: its need cannot be told.
 */
export function decoderMemory(methods: readonly string[]): number | null {
  let most = 0;
  for (const method of methods) {
    for (const token of method.split(/\s+/).filter(Boolean)) {
      const [name = '', ...fields] = token.split(':');
      const upper = name.toUpperCase();
      if (SMALL.has(upper)) continue;
      let need: number | null = null;
      if (upper === 'LZMA' || upper === 'LZMA2') need = fields[0] === undefined ? null : sizeOf(fields[0]);
      else if (upper === 'PPMD') {
        const mem = fields.find((field) => field.startsWith('mem'));
        need = mem === undefined ? null : sizeOf(mem.slice(3));
      }
      if (need === null) return null;
      most = Math.max(most, need);
    }
  }
  return most;
}
