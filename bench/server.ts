// Server extraction as an API client gets it (the built server, its embedded database): the
// server's peak memory while two archives extract at once, and the time from the start of an
// upload to the finished manifest, against the CLI extracting the same archive on the same machine.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite } from '@archive-opener/test-support/site';
import { run, timeRuns } from './measure.js';
import { FORMATS, type Format } from './native-tools.js';

const CLI = fileURLToPath(new URL('../packages/engine/bin/archive-opener.js', import.meta.url));

export interface ServerResults {
  /** Peak resident memory of the server process (VmHWM), two archives extracting at once. */
  peakRssMB: number;
  uploadToManifest: Partial<Record<Format, number[]>>;
  cli: Partial<Record<Format, number[]>>;
}

async function peakRssMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kB / 1024;
}

/** POSTs the archive and follows the job until its manifest is ready; resolves with nothing on success. */
async function extractOnServer(url: string, archive: string, bytes: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), basename(archive));
  const accepted = await fetch(`${url}/api/extractions`, { method: 'POST', body: form });
  if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}: ${await accepted.text()}`);
  const { id } = (await accepted.json()) as { id: string };
  for (;;) {
    const job = (await (await fetch(`${url}/api/extractions/${id}`)).json()) as { status: string; error: unknown };
    if (job.status === 'completed') return;
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(`job ${job.status}: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function timeServer(archives: Record<Format, string>, outRoot: string): Promise<ServerResults> {
  const dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-bench-server-'));
  const site = await startSite({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '200', UPLOADS_PER_10_MIN: '1000', RETENTION_MINUTES: '1' });
  try {
    const inputs = Object.fromEntries(
      await Promise.all(FORMATS.map(async (format) => [format, await readFile(archives[format])] as const)),
    ) as Record<Format, Buffer>;
    await Promise.all((['zip', '7z'] as const).map((format) => extractOnServer(site.url, archives[format], inputs[format])));
    const peak = await peakRssMB(site.pid);
    const uploadToManifest: ServerResults['uploadToManifest'] = {};
    const cli: ServerResults['cli'] = {};
    for (const format of FORMATS) {
      uploadToManifest[format] = await timeRuns(
        async () => undefined,
        () => extractOnServer(site.url, archives[format], inputs[format]),
      );
      const dir = join(outRoot, 'cli');
      cli[format] = await timeRuns(
        // The CLI refuses an existing non-empty --out: each run starts without the folder.
        async () => {
          await rm(dir, { recursive: true, force: true });
        },
        async () => {
          await run(process.execPath, [CLI, 'extract', archives[format], '--out', dir]);
        },
      );
    }
    return { peakRssMB: peak, uploadToManifest, cli };
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
