// What headless Chromium uses while the bench's browser rows run (bench/scale-browser.ts): the
// RSS of all its processes, sampled for the peak, and its CPU seconds by thread, read from /proc.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * /proc is read synchronously: each async read is a trip through libuv's thread pool and a
 * promise, and the samplers' reads every 100 ms took ~20 % of the 200 MB 7z's page time from the
 * run they measure (2.07, 1.97 s without sampling against 2.43, 2.70 s with it).
 */
function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function listProc(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * The bench's descendant Chromium processes: pid → process type ("renderer", "gpu-process",
 * "utility:<sub-type>", "browser" for the main one).
 */
function chromiumProcesses(): Map<number, string> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of listProc('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readProc(`/proc/${pid}/stat`);
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    names.set(pid, stat.slice(stat.indexOf('(') + 1, close));
    parents.set(pid, Number(stat.slice(close + 2).split(' ')[1]));
  }
  const below = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  const found = new Map<number, string>();
  for (const [pid, name] of names) {
    if (!/chrom/i.test(name) || !below(pid)) continue;
    const cmdline = readProc(`/proc/${pid}/cmdline`);
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
    found.set(pid, type === 'utility' ? `utility:${/--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1] ?? ''}` : type);
  }
  return found;
}

/**
 * How long a scan of /proc for Chromium's processes is reused. A scan reads every process's stat
 * (hundreds of files); done by both samplers every 100 ms it cost the bench ~0.25 of a core, taken
 * from the run it measures. Chromium starts no process during an extraction (workers are threads).
 */
const PROCESS_SCAN_MS = 1_000;
let lastScan: { at: number; processes: Map<number, string> } | null = null;

function knownProcesses(): Map<number, string> {
  if (!lastScan || Date.now() - lastScan.at > PROCESS_SCAN_MS) lastScan = { at: Date.now(), processes: chromiumProcesses() };
  return lastScan.processes;
}

/** Chromium's processes' RSS: MB in all, and by process type. */
function chromiumRss(): { total: number; byType: Record<string, number> } {
  let kB = 0;
  const byType: Record<string, number> = {};
  for (const [pid, kind] of knownProcesses()) {
    const status = readProc(`/proc/${pid}/status`);
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    byType[kind] = (byType[kind] ?? 0) + own / 1024;
    kB += own;
  }
  return { total: kB / 1024, byType };
}

/**
 * CPU seconds (user + system) each Chromium thread has used so far, by "process type/thread
 * name" (e.g. "renderer/DedicatedWorker"): what a run costs, less noisy than its wall time on a
 * shared machine. A thread that ends between two readings is lost (none of the extraction's do).
 */
function chromiumCpu(): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const byThread = new Map<string, number>();
  for (const [pid, type] of knownProcesses()) {
    const tasks = listProc(`/proc/${pid}/task`);
    for (const tid of tasks) {
      const stat = readProc(`/proc/${pid}/task/${tid}/stat`);
      const close = stat.lastIndexOf(')');
      if (close < 0) continue;
      const name = stat.slice(stat.indexOf('(') + 1, close).replace(/\d+$/, '');
      const fields = stat.slice(close + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
      const key = `${pid}/${tid}\t${type}/${name}`;
      byThread.set(key, seconds);
    }
  }
  return byThread;
}

/**
 * Reads Chromium's CPU every 100 ms from now until stopped: seconds used since the start by
 * "process type/thread name", threads that ended on the way (a finished worker's) included up
 * to their last reading.
 */
export function sampleCpu(): { stop(): Promise<Record<string, number>> } {
  let running = true;
  const start = chromiumCpu();
  const latest = new Map<string, number>();
  const loop = (async () => {
    while (running) {
      for (const [key, seconds] of chromiumCpu()) latest.set(key, seconds);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      for (const [key, seconds] of chromiumCpu()) latest.set(key, seconds);
      const used: Record<string, number> = {};
      for (const [key, seconds] of latest) {
        const spent = seconds - (start.get(key) ?? 0);
        if (spent <= 0) continue;
        const label = key.split('\t')[1] ?? key;
        used[label] = (used[label] ?? 0) + spent;
      }
      return used;
    },
  };
}

export function chromiumRssMB(): number {
  return chromiumRss().total;
}

/** Samples Chromium's RSS every 100 ms until stopped; resolves with the peak. */
export function sampleRss(): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = chromiumRss();
      if (now.total > peak && process.env['SCALE_DETAIL'])
        console.error(
          `peak ${now.total.toFixed(0)} MB`,
          JSON.stringify(Object.fromEntries(Object.entries(now.byType).map(([k, v]) => [k, Math.round(v)]))),
        );
      peak = Math.max(peak, now.total);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}
