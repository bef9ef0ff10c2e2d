import type { RunOutput, SevenZipModule } from './sevenzip-module.js';

const HARD_LINK_FAILURE = /^ERROR: Cannot create hard link : errno=\d+ : [^:]+ : (.+) : (.+)$/;

/**
 * WebAssembly has no link(): 7-Zip reports every hard link it could not make, naming the link
 * and its target. We make each one a copy of its target (both inside the staging root, already
 * checked by the guard) and drop the resolved complaints, so that the entry is a plain file.
 */
export function copyHardLinks(sz: SevenZipModule, run: RunOutput): void {
  const resolved = new Set<string>();
  for (const line of run.stderr) {
    const match = HARD_LINK_FAILURE.exec(line.trim());
    if (!match) continue;
    const [, linkPath = '', targetPath = ''] = match;
    try {
      sz.FS.writeFile(linkPath, sz.FS.readFile(targetPath));
      resolved.add(line);
    } catch {
      // The target is missing too: leave the complaint so the failure is reported.
    }
  }
  if (resolved.size > 0) run.stderr.splice(0, run.stderr.length, ...run.stderr.filter((l) => !resolved.has(l)));
}
