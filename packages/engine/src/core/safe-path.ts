import { windowsSafeName, withoutDirectionControls } from '@archive-opener/shared';

/**
 * Turns a name stored in an archive into a relative path that cannot leave the output root on
 * any operating system: `\` counts as a separator, drive letters and leading slashes go, `.` and
 * `..` segments are dropped (never resolved), control characters become `_`, and bytes that
 * were not valid text (lone surrogates, as 7-Zip passes them on) become U+FFFD. C1 controls
 * count as control characters: U+009B alone starts a terminal escape sequence.
 * Names must also not lie or misbehave where visitors take them: direction controls (which show
 * "invoice\u202Efdp.exe" as "invoiceexe.pdf") become `_`, and names Windows reserves or alters
 * (CON, aux.txt, C:x, trailing dots and spaces) are renamed (see windowsSafeName). The entry's
 * stored name is reported beside its path whenever the two differ.
 * Returns `null` when nothing usable is left (the entry is then skipped).
 */
export function toSafeRelativePath(rawName: string): string | null {
  const segments: string[] = [];
  for (const segment of rawName.replace(/\\/g, '/').split('/')) {
    const cleaned = cleanSegment(segment);
    if (cleaned !== null) segments.push(cleaned);
  }
  return segments.length > 0 ? segments.join('/') : null;
}

function cleanSegment(segment: string): string | null {
  // A drive letter ("C:") is only dangerous as the first segment, but it is never a useful name.
  const withoutDrive = /^[a-zA-Z]:$/.test(segment) ? '' : segment;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  const visible = withoutDirectionControls(withoutDrive.replace(/[\u0000-\u001f\u007f-\u009f]/g, '_')).toWellFormed();
  if (visible === '' || visible === '.' || visible === '..') return null;
  return windowsSafeName(visible);
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
