// Malformed and abusive uploads get a 400 with a code that says what is wrong (never a 500 with a
// stack trace in the log, never "larger than 50 MB" for a body that is not), and nothing of them
// is kept. The password rule is the same on both upload APIs.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForEnd } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';
import { MAX_PASSWORD_BYTES } from './password-limit.js';

const BOUNDARY = 'archive-opener-test-boundary';

/** A multipart body of `parts`, each a field (string) or a file (Buffer), written by hand. */
function body(parts: [name: string, value: string | Buffer][], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    const file = typeof value === 'string' ? '' : `; filename="${name}.zip"`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"${file}\r\n\r\n`));
    chunks.push(typeof value === 'string' ? Buffer.from(value) : value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const ARCHIVE = Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'latin1');

describe('malformed uploads', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-uploads-'));
    app = await build({ env: { LOG_LEVEL: 'info', DATA_DIR: dataDir }, logTo: (line) => lines.push(line) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    // Nothing of a refused upload stays on disk, and nothing was logged as a server failure.
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
    expect(lines.splice(0).filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
  });

  const post = (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    app.inject({ method: 'POST', url: '/api/extractions', payload, headers: { 'content-type': contentType } });

  it('refuses a multipart body without a boundary', async () => {
    const res = await post(body([['file', ARCHIVE]]), 'multipart/form-data');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'INVALID_MULTIPART', message: expect.stringMatching(/boundary/) as string } });
  });

  it('refuses a body cut short in the middle of the archive', async () => {
    const whole = body([['file', Buffer.alloc(64 * 1024, 7)]]);
    const res = await post(whole.subarray(0, whole.length / 2));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('UPLOAD_INCOMPLETE');
  });

  it('refuses more than 100 parts and too many fields without calling them too large', async () => {
    const parts = await post(body(Array.from({ length: 101 }, (): [string, Buffer] => ['file', ARCHIVE])));
    expect(parts.statusCode).toBe(400);
    expect(parts.json<{ error: { code: string } }>().error.code).toBe('TOO_MANY_PARTS');
    expect(parts.body).not.toMatch(/MB/);
    const fields = await post(
      body([['file', ARCHIVE], ...Array.from({ length: 10 }, (_, i): [string, string] => [`f${i}`, 'x'])]),
    );
    expect(fields.statusCode).toBe(400);
    expect(fields.json<{ error: { code: string } }>().error.code).toBe('TOO_MANY_FIELDS');
    expect(fields.body).not.toMatch(/MB/);
  });

  it('refuses a password over the limit, in multipart as in the original API, with the same answer', async () => {
    const password = 'p'.repeat(5000);
    const multipart = await post(
      body([
        ['file', ARCHIVE],
        ['password', password],
      ]),
    );
    expect(multipart.statusCode).toBe(400);
    const expected = {
      error: { code: 'PASSWORD_TOO_LONG', message: `The password is longer than ${MAX_PASSWORD_BYTES} bytes.` },
    };
    expect(multipart.json()).toEqual(expected);
    const legacy = await app.inject({
      method: 'POST',
      url: '/api/extract-archive',
      payload: { fileData: ARCHIVE.toString('base64'), fileName: 'a.zip', password },
    });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual(expected);
    // At the limit it is accepted (in bytes: two-byte characters count twice).
    const atLimit = await post(
      body([
        ['file', ARCHIVE],
        ['password', 'é'.repeat(MAX_PASSWORD_BYTES / 2)],
      ]),
    );
    expect(atLimit.statusCode).toBe(202);
    await waitForEnd(app, atLimit.json<{ id: string }>().id);
    // Its upload goes once the job has ended.
    while ((await readdir(join(dataDir, 'uploads'))).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const over = await post(
      body([
        ['file', ARCHIVE],
        ['password', `${'é'.repeat(MAX_PASSWORD_BYTES / 2)}x`],
      ]),
    );
    expect(over.json()).toEqual(expected);
  });
});
