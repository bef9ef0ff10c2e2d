import { hasDirectionControls, windowsSafeName } from './file-names.js';

/**
 * Why the engine changed a stored name (docs/decisions/016-names-neutralised.md): one definition
 * for the page's safety report and for the server, which lists only the renames worth reporting
 * (docs/decisions/035-integrity-and-safety-report.md).
 */
export type RenameReason = 'traversal' | 'absolute' | 'bidi' | 'control' | 'reserved' | 'duplicate';

// eslint-disable-next-line no-control-regex -- control characters are what the engine replaced
const CONTROL = /[\u0000-\u001f\u007f]/;
const DUPLICATE = / \(\d+\)(\.[^./]*)?$/;

/** A path as written, once the harmless differences (`./`, `\`, doubled slashes) are set aside. */
function plainPath(stored: string): string {
  return stored
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** Why `from` was written as `to`; empty when the change is only `./` or separators. */
export function renameReasons(from: string | null, to: string): RenameReason[] {
  if (from === null) return hasDirectionControls(to) ? ['bidi'] : [];
  const absolute = /^([\\/]|[a-zA-Z]:)/.test(from);
  if (!absolute && plainPath(from) === to) return [];
  const reasons: RenameReason[] = [];
  const segments = from.split(/[\\/]/);
  if (segments.includes('..')) reasons.push('traversal');
  if (absolute) reasons.push('absolute');
  if (hasDirectionControls(from)) reasons.push('bidi');
  if (CONTROL.test(from)) reasons.push('control');
  if (segments.some((segment) => segment !== '' && segment !== '.' && segment !== '..' && windowsSafeName(segment) !== segment))
    reasons.push('reserved');
  if (reasons.length === 0 && DUPLICATE.test(to)) reasons.push('duplicate');
  return reasons;
}
