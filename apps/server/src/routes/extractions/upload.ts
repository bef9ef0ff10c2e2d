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
import { ApiError } from '../api-errors.js';
import { isPasswordTooLong, MAX_PASSWORD_BYTES, PASSWORD_TOO_LONG_MESSAGE } from './password-limit.js';

export interface ReceivedUpload {
  /** Stored names, in the order they were sent (the first is the one the engine opens). */
  parts: string[];
  /** The first part's name as the visitor sent it (shown in logs and statistics, removed at expiry). */
  archiveName: string;
  bytes: number;
  password: string | undefined;
}

const MAX_PARTS = 100;
// The password, and room for a client that sends a field or two of its own.
const MAX_FIELDS = 4;

export async function receiveUpload(request: FastifyRequest, dir: string, maxBytes: number): Promise<ReceivedUpload> {
  await mkdir(dir, { recursive: true });
  const parts: string[] = [];
  let archiveName = '';
  let bytes = 0;
  let password: string | undefined;
  try {
    const multipart = request.parts({
      limits: {
        fileSize: maxBytes,
        files: MAX_PARTS,
        fields: MAX_FIELDS,
        fieldSize: MAX_PASSWORD_BYTES,
        parts: MAX_PARTS + MAX_FIELDS,
      },
    });
    for await (const part of multipart) {
      if (part.type === 'field') {
        if (part.fieldname !== 'password' || typeof part.value !== 'string') continue;
        // A longer value arrives cut at the field size limit, and flagged so.
        if (part.valueTruncated || isPasswordTooLong(part.value))
          throw new ApiError('PASSWORD_TOO_LONG', PASSWORD_TOO_LONG_MESSAGE);
        if (part.value !== '') password = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ApiError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"; send the archive as "file".`);
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
    if (parts.length === 0) throw new ApiError('BAD_REQUEST', 'No archive was sent: add it as a "file" part.');
    return { parts, archiveName, bytes, password };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw asUploadError(error, maxBytes);
  }
}

/**
 * The refusal for what the multipart parser threw: its limits (which @fastify/multipart reports as
 * 413 whatever was exceeded) and the parser's own complaints (plain errors, known by their
 * message) each get their own code. Anything else (a disk failure) stays an error of ours.
 */
function asUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const { code } = error as { code?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return new ApiError('TOO_MANY_PARTS', `An upload has at most ${MAX_PARTS} archive parts.`);
    case 'FST_FIELDS_LIMIT':
      return new ApiError('TOO_MANY_FIELDS', `An upload has at most ${MAX_FIELDS} form fields besides its parts.`);
    case 'FST_MP_PREMATURE_CLOSE':
      return incomplete();
    case 'FST_PROTO_VIOLATION':
      return new ApiError('INVALID_MULTIPART', 'The upload has a form field with a reserved name.');
  }
  if (code !== undefined) return error;
  if (/unexpected end of multipart data/i.test(error.message)) return incomplete();
  if (/boundary|needle|Unsupported Content-Type/i.test(error.message))
    return new ApiError('INVALID_MULTIPART', 'The upload is not valid multipart/form-data: its boundary is missing or invalid.');
  return error;
}

const incomplete = () => new ApiError('UPLOAD_INCOMPLETE', 'The upload ended before all of it was received.');

/** The 413 of every upload route, whichever way the archive arrives. */
export function tooLarge(maxBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The archive is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}
