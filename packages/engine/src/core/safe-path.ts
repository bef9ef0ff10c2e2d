/**
 * Turns a name stored in an archive into a relative path that cannot leave the output root on
 * any operating system: `\` counts as a separator, drive letters and leading slashes go, `.` and
 * `..` segments are dropped (never resolved), control characters become `_`, and bytes that
 * were not valid text (lone surrogates, as 7-Zip passes them on) become U+FFFD.
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
  const visible = withoutDrive.replace(/[\u0000-\u001f\u007f]/g, '_').toWellFormed();
  if (visible === '' || visible === '.' || visible === '..') return null;
  return visible;
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
