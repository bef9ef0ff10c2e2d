/**
 * Groups dropped files into archives: the parts of a multi-volume set dropped together become one
 * archive, ordered the way 7-Zip opens them (its first part first), every other file stands alone.
 */
export interface ArchiveSelection {
  /** The name shown for the archive: its first part's name. */
  name: string;
  parts: File[];
  size: number;
}

interface VolumeMatch {
  key: string;
  order: number;
}

const PATTERNS: ((name: string) => VolumeMatch | null)[] = [
  // name.part1.rar, name.part01.rar …
  (name) => match(name, /^(.*)\.part(\d+)\.rar$/i, (m) => ({ key: `${m[1]}.rar`, order: Number(m[2]) })),
  // name.rar + name.r00, name.r01 … (old RAR naming): the .rar opens the set
  (name) => match(name, /^(.*)\.rar$/i, (m) => ({ key: `${m[1]}.r##`, order: -1 })),
  (name) => match(name, /^(.*)\.r(\d{2,3})$/i, (m) => ({ key: `${m[1]}.r##`, order: Number(m[2]) })),
  // name.z01, name.z02 … + name.zip (spanned ZIP): the .zip holds the central directory and comes last
  (name) => match(name, /^(.*)\.z(\d{2,3})$/i, (m) => ({ key: `${m[1]}.z##`, order: Number(m[2]) })),
  (name) => match(name, /^(.*)\.zip$/i, (m) => ({ key: `${m[1]}.z##`, order: Number.MAX_SAFE_INTEGER })),
  // name.7z.001, name.zip.001, name.001 …
  (name) => match(name, /^(.*)\.(\d{3})$/, (m) => ({ key: `${m[1]}.###`, order: Number(m[2]) })),
  // name.p1.cab …
  (name) => match(name, /^(.*)\.p(\d+)\.cab$/i, (m) => ({ key: `${m[1]}.cab`, order: Number(m[2]) })),
  // split(1) pieces: name_aa, name_ab … / name.aa, name.ab …
  (name) => match(name, /^(.*[._-])a([a-z])$/, (m) => ({ key: `${m[1]}a#`, order: m[2]!.charCodeAt(0) })),
];

function match(name: string, pattern: RegExp, build: (m: RegExpMatchArray) => VolumeMatch): VolumeMatch | null {
  const found = name.match(pattern);
  return found ? build(found) : null;
}

function volumeOf(name: string): VolumeMatch | null {
  for (const pattern of PATTERNS) {
    const found = pattern(name);
    if (found) return found;
  }
  return null;
}

export function groupVolumes(files: readonly File[]): ArchiveSelection[] {
  const sets = new Map<string, { file: File; order: number }[]>();
  const singles: File[] = [];
  for (const file of files) {
    const volume = volumeOf(file.name);
    if (!volume) {
      singles.push(file);
      continue;
    }
    const members = sets.get(volume.key) ?? [];
    members.push({ file, order: volume.order });
    sets.set(volume.key, members);
  }

  const selections: ArchiveSelection[] = [];
  for (const members of sets.values()) {
    // A lone .rar or .zip (or one stray part) is simply one archive.
    if (members.length === 1) {
      singles.push(members[0]!.file);
      continue;
    }
    members.sort((a, b) => a.order - b.order);
    selections.push(selectionOf(members.map((member) => member.file)));
  }
  for (const file of singles) selections.push(selectionOf([file]));
  // Keep the visitor's order: by the first appearance of each archive's first part.
  const position = new Map(files.map((file, index) => [file, index]));
  return selections.sort((a, b) => firstIndex(a, position) - firstIndex(b, position));
}

function firstIndex(selection: ArchiveSelection, position: Map<File, number>): number {
  return Math.min(...selection.parts.map((part) => position.get(part) ?? 0));
}

function selectionOf(parts: File[]): ArchiveSelection {
  return { name: parts[0]!.name, parts, size: parts.reduce((sum, part) => sum + part.size, 0) };
}

/** Files the operating system leaves in folders, never archives (spec section 3). */
const IGNORED = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

export function withoutSystemFiles(files: readonly File[]): File[] {
  return files.filter((file) => !IGNORED.has(file.name.toLowerCase()));
}
