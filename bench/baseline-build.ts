import { existsSync } from 'node:fs';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from './measure.js';

/**
 * Checks out `ref` in a worktree of its own under `workDir` and builds its engine there, so that
 * bench/compare.ts can load it beside this checkout's. The worktree borrows this checkout's
 * node_modules (every package but our own workspaces, which point at the worktree's): a
 * dependency that changed since `ref` is compared at today's version. Kept and reused per commit.
 */
export async function buildBaseline(root: string, ref: string, workDir: string): Promise<{ sha: string; dir: string }> {
  const sha = (await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root })).trim();
  const dir = join(workDir, 'baseline', sha.slice(0, 12));
  if (!existsSync(join(dir, 'packages/engine/dist/host-node/index.js'))) {
    if (!existsSync(dir)) {
      await run('git', ['worktree', 'prune'], { cwd: root });
      await run('git', ['worktree', 'add', '--detach', '--force', dir, sha], { cwd: root });
      await linkModules(root, dir);
    }
    await buildEngine(root, dir);
  }
  return { sha, dir };
}

/**
 * Builds the engine (and the shared package it needs) of the checkout in `dir`, with our tsc, then
 * its bundle where the checkout has one (packages/engine/scripts/bundle.ts): the CLI and workers
 * run from it only when it is newer than the compile.
 */
export async function buildEngine(root: string, dir: string): Promise<void> {
  await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'packages/engine'], {
    cwd: dir,
  });
  if (existsSync(join(dir, BUNDLE_SCRIPT))) await run(process.execPath, ['--import', 'tsx', BUNDLE_SCRIPT], { cwd: dir });
}

const BUNDLE_SCRIPT = 'packages/engine/scripts/bundle.ts';

async function linkModules(root: string, dir: string): Promise<void> {
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, '@archive-opener'), { recursive: true });
  for (const name of await readdir(join(root, 'node_modules'))) {
    if (name === '@archive-opener') continue;
    await symlink(join(root, 'node_modules', name), join(modules, name));
  }
  for (const name of ['shared', 'engine']) {
    await symlink(join(dir, 'packages', name), join(modules, '@archive-opener', name));
  }
}
