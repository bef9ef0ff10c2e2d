// Receives an upload (multipart, one or more `file` parts and an optional `password`) straight to
// the job's private folder on disk, counting bytes as they arrive so that an upload above the
// limit is cut off there and leaves nothing behind.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// The multipart plugin's additions to the request type (request.parts).
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { safePartName } from '../../storage/job-storage.js';

export interface ReceivedUpload {
  /** Stored names, in the order they were sent (the first is the one the engine opens). */
  parts: string[];
  /** The first part's name as the visitor sent it (shown in logs and statistics, removed at expiry). */
  archiveName: string;
  bytes: number;
  password: string | undefined;
}

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_PARTS = 100;
/** The longest password accepted (UTF-8 bytes), by every upload route. */
export const MAX_PASSWORD_BYTES = 1024;

export async function receiveUpload(request: FastifyRequest, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  await mkdir(dir, { recursive: true });
  const parts: string[] = [];
  let archiveName = '';
  let bytes = 0;
  let password: string | undefined;
  try {
    const multipart = request.parts({
      limits: { fileSize: maxBytes, files: MAX_PARTS, fields: 4, fieldSize: MAX_PASSWORD_BYTES, parts: MAX_PARTS + 4 },
    });
    for await (const part of multipart) {
      if (part.type === 'field') {
        if (part.fieldname === 'password' && typeof part.value === 'string' && part.value !== '') password = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new UploadError(400, 'BAD_REQUEST', `Unexpected file field "${part.fieldname}"; send the archive as "file".`);
      }
      let name = safePartName(part.filename, parts.length);
      if (parts.includes(name)) name = `${parts.length + 1}-${name}`;
      if (parts.length === 0) archiveName = part.filename || name;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > maxBytes) callback(tooLarge(maxBytes));
          else callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(join(dir, name), { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(maxBytes);
      parts.push(name);
    }
    if (parts.length === 0) throw new UploadError(400, 'BAD_REQUEST', 'No archive was sent: add it as a "file" part.');
    return { parts, archiveName, bytes, password };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof UploadError) throw error;
    // @fastify/multipart's own limit errors (too many parts, a field too long).
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(maxBytes);
    if (status !== undefined && status >= 400 && status < 500)
      throw new UploadError(400, 'BAD_REQUEST', (error as Error).message);
    throw error;
  }
}

/** The 413 of every upload route, whichever way the archive arrives. */
export function tooLarge(maxBytes: number): UploadError {
  return new UploadError(413, 'PAYLOAD_TOO_LARGE', `The archive is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}
