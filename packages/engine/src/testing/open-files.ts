import { readdirSync, readlinkSync } from 'node:fs';

/** This process's descriptors open on files in `dir`; a worker thread's are the process's too. */
export const openIn = (dir: string): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${dir}/`);
    } catch {
      return false; // closed meanwhile
    }
  }).length;
