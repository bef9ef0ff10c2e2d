import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExtractedEntry, ExtractResult } from '@archive-opener/engine';
import { sha256File } from '@archive-opener/engine/node';
import { legacyNameReadings } from './legacy-names.js';
import type { ManifestCase, ManifestEntry } from './manifest.js';

/** Compares what the engine wrote with the manifest; returns the problems (empty = pass). */
export async function checkExtraction(testCase: ManifestCase, result: ExtractResult, outDir: string): Promise<string[]> {
  const problems: string[] = [];
  const byPath = new Map(result.entries.map((e) => [e.path, e]));
  for (const expected of testCase.entries ?? []) {
    const got = byPath.get(expected.name) ?? findLegacyName(expected, result);
    if (!got) {
      problems.push(`missing ${expected.type} ${expected.name}`);
      continue;
    }
    if (got.type !== expected.type) {
      problems.push(`${expected.name}: type ${got.type}, expected ${expected.type}`);
      continue;
    }
    if (expected.type === 'file' && expected.sha256) {
      const actual = await sha256File(join(outDir, got.path));
      if (actual !== expected.sha256) problems.push(`${expected.name}: content differs`);
    }
  }
  if (testCase.entriesMode === 'exact') {
    const expectedNames = new Set(
      (testCase.entries ?? []).flatMap((e) => [e.name, ...(e.nameHex ? legacyNameReadings(e.nameHex) : [])]),
    );
    // A renamed duplicate ("a (2).txt") is ours by design: names never overwrite each other.
    const extras = result.entries.filter((e) => !expectedNames.has(e.path) && e.type === 'file' && e.originalName === undefined);
    if (extras.length > 0)
      problems.push(
        `unexpected: ${extras
          .slice(0, 3)
          .map((e) => e.path)
          .join(', ')}`,
      );
  }
  return problems;
}

function findLegacyName(expected: ManifestEntry, result: ExtractResult): ExtractedEntry | undefined {
  if (!expected.nameHex) return undefined;
  const readings = legacyNameReadings(expected.nameHex);
  return result.entries.find((e) => readings.has(e.path));
}

/**
 * Nothing may appear beside the output folder, and no forbidden path may exist anywhere: the
 * case's parent folder must hold only `out`, and `out` must hold no links.
 */
export function escapedPaths(testCase: ManifestCase, caseDir: string): string[] {
  const problems: string[] = [];
  const siblings = readdirSync(caseDir).filter((n) => n !== 'out');
  if (siblings.length > 0) problems.push(`written beside the output: ${siblings.join(', ')}`);
  for (const forbidden of testCase.forbiddenPaths ?? []) {
    const candidates = [resolve(caseDir, 'out', forbidden), resolve(caseDir, forbidden.replace(/^\/+/, ''))];
    if (forbidden.startsWith('/') && existsSync(forbidden)) problems.push(`forbidden path exists: ${forbidden}`);
    for (const candidate of candidates) {
      if (!candidate.startsWith(resolve(caseDir, 'out') + '/') && existsSync(candidate))
        problems.push(`forbidden path exists: ${candidate}`);
    }
  }
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) problems.push(`link created: ${path}`);
      else if (stat.isDirectory()) walk(path);
    }
  };
  if (existsSync(join(caseDir, 'out'))) walk(join(caseDir, 'out'));
  return problems;
}
