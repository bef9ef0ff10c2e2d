// GET /api/extractions/:id/archive.zip: every file of a completed job as one ZIP, written by
// client-zip as it is sent. Files are opened one at a time, only when the ZIP reaches them, so a
// job of any number of files holds one file open; a file that cannot be read midway aborts the
// answer (the socket is destroyed), so a client never takes a cut ZIP for a whole one.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { makeZip, predictLength } from 'client-zip';
import { create as contentDisposition } from 'content-disposition';
import { extractedZipName } from '@archive-opener/shared';
import type { FastifyReply } from 'fastify';
import type { Job, JobFile } from '../../jobs/job-types.js';

/** The bytes of one file, opened when the ZIP writer first asks for them and closed after. */
async function* fileBytes(path: string): AsyncGenerator<Buffer> {
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } finally {
    stream.destroy();
  }
}

/** The ZIP's entries, each made only when the writer is done with the one before. */
async function* entries(root: string, files: readonly JobFile[]) {
  for (const file of files) {
    const path = join(root, file.path);
    const { mtime } = await stat(path);
    yield { name: file.path, lastModified: mtime, size: file.size, input: fileBytes(path) };
  }
}

export function sendArchiveZip(reply: FastifyReply, job: Job, root: string): FastifyReply {
  const files = job.files ?? [];
  const zip = makeZip(entries(root, files));
  // The page's own ZIP of the same files has this name too.
  const name = extractedZipName(job.archiveName);
  return reply
    .type('application/zip')
    .header('content-disposition', contentDisposition(name, { type: 'attachment' }))
    .header('cache-control', 'private, no-store')
    .header('content-length', predictLength(files.map((file) => ({ name: file.path, size: file.size }))).toString())
    .send(Readable.fromWeb(zip));
}
