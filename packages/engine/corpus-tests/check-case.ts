import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExtractedEntry, ExtractResult } from '@archive-opener/engine';
import { sha256File } from '@archive-opener/engine/node';
import { asWritten, legacyNameReadings } from './legacy-names.js';
import type { ManifestCase, ManifestEntry } from '@archive-opener/test-support/corpus';

/** Compares what the engine wrote with the manifest; returns the problems (empty = pass). */
/**
 * Compares what the engine wrote with the manifest; returns the problems (empty = pass). Two
 * deliberate differences from the native tools are accepted, both from
 * docs/decisions/016-names-neutralised.md: names are neutralised (`\` is a separator, control
 * characters become `_`), and no name ever overwrites another (a repeated or case-colliding name is
 * kept as `name (2)`, `originalName` saying what it was), so an expected file may be found under
 * its de-duplicated name.
 */
export async function checkExtraction(testCase: ManifestCase, result: ExtractResult, outDir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const expected of testCase.entries ?? []) {
    const candidates = candidatesFor(expected, result);
    if (candidates.length === 0) {
      problems.push(`missing ${expected.type} ${expected.name}`);
      continue;
    }
    const sameType = candidates.filter((e) => e.type === expected.type);
    if (sameType.length === 0) {
      problems.push(`${expected.name}: type ${candidates[0]?.type}, expected ${expected.type}`);
      continue;
    }
    if (expected.type === 'file' && expected.sha256) {
      const hashes = await Promise.all(sameType.map((e) => sha256File(join(outDir, e.path))));
      if (!hashes.includes(expected.sha256)) problems.push(`${expected.name}: content differs`);
    }
  }
  if (testCase.entriesMode === 'exact') {
    const expectedNames = new Set((testCase.entries ?? []).flatMap((e) => [...readingsOf(e)]));
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

/** The names an expected entry may carry in our output. */
function readingsOf(expected: ManifestEntry): Set<string> {
  const readings = expected.nameHex ? legacyNameReadings(expected.nameHex) : new Set<string>();
  readings.add(expected.name);
  readings.add(asWritten(expected.name));
  return readings;
}

function candidatesFor(expected: ManifestEntry, result: ExtractResult): ExtractedEntry[] {
  const readings = readingsOf(expected);
  const direct = result.entries.filter((e) => readings.has(e.path));
  const renamed = result.entries.filter(
    (e) => e.originalName !== undefined && (readings.has(e.originalName) || readings.has(asWritten(e.originalName))),
  );
  return [...direct, ...renamed];
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
