import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { decodeLz4 } from './lz4-frame.js';
it('scratch', async () => {
  for (const f of process.env.LZ4FILES!.split(',')) {
    try {
      const out = await decodeLz4(new Uint8Array(readFileSync(f)), 1 << 30);
      console.log(f, out.length, (await import('node:crypto')).createHash('sha256').update(out).digest('hex'));
    } catch (e) { console.log(f, 'ERR', String(e)); }
  }
});
