// Test support for the server-extraction API: multipart bodies built by the platform's own
// FormData (so the encoding is a real browser's), and reading a Server-Sent Events answer.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { JobSafety } from '@archive-opener/shared/api';
import type { FastifyInstance } from 'fastify';

export interface Upload {
  parts: string[];
  password?: string | null;
  /** Send these bytes under the first part's name instead of the file's. */
  bytes?: Buffer;
}

export async function multipart(upload: Upload): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const path of upload.parts) {
    const bytes = upload.bytes ?? (await readFile(path));
    form.append('file', new Blob([new Uint8Array(bytes)]), basename(path));
  }
  if (upload.password) form.append('password', upload.password);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export interface JobAnswer {
  id: string;
  status: string;
  progress: number;
  bytesDone: number;
  bytesTotal: number | null;
  queuePosition: number;
  error: { code: string; message: string } | null;
  files: {
    id: string;
    path: string;
    size: number;
    type: string;
    sha256: string;
    directionControls?: true;
    originalName?: string;
    rawName?: string;
  }[];
  safety: JobSafety | null;
  expiresAt: string | null;
}

export async function upload(app: FastifyInstance, body: Upload, remoteAddress = '127.0.0.1') {
  const { payload, headers } = await multipart(body);
  return app.inject({ method: 'POST', url: '/api/extractions', payload, headers, remoteAddress });
}

/** Every `job` event of the stream, which ends when the job does. */
export async function events(app: FastifyInstance, id: string): Promise<JobAnswer[]> {
  const res = await app.inject(`/api/extractions/${id}/events`);
  return res.body
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobAnswer);
}

export async function waitForEnd(app: FastifyInstance, id: string): Promise<JobAnswer> {
  for (;;) {
    const job = (await app.inject(`/api/extractions/${id}`)).json<JobAnswer>();
    if (!['queued', 'running'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
