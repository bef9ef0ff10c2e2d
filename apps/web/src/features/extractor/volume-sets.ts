/**
 * Groups dropped files into archives: the parts of a multi-volume set dropped together become one
 * archive, ordered the way 7-Zip opens them (its first part first), every other file stands alone.
 */
export interface ArchiveSelection {
  /** The name shown for the archive: its first part's name. */
  name: string;
  parts: File[];
  size: number;
  /** A part the names show is missing from a multi-volume set (a gap, or no first part). */
  missingPart?: string;
}

interface VolumeMatch {
  key: string;
  order: number;
  /** The name of this set's part `order`, numbered as this file is (same digits, same case). */
  nameOf: (order: number) => string;
  /** The number of the set's first numbered part. */
  first: number;
  /** Parts outside the numbering that the set needs: the .rar before .r00, the .zip after .z01. */
  bookends?: readonly number[];
}

const LAST = Number.MAX_SAFE_INTEGER;
const padded = (n: number, digits: string) => String(n).padStart(digits.length, '0');

const PATTERNS: ((name: string) => VolumeMatch | null)[] = [
  // name.part1.rar, name.part01.rar …
  (name) =>
    match(name, /^(.*)\.part(\d+)\.rar$/i, (m) => ({
      key: `${m[1]}.rar`,
      order: Number(m[2]),
      nameOf: (order) => `${m[1]}.part${padded(order, m[2]!)}.rar`,
      first: 1,
    })),
  // name.rar + name.r00, name.r01 … (old RAR naming): the .rar opens the set
  (name) => match(name, /^(.*)\.rar$/i, (m) => oldRar(m[1]!, -1, '00')),
  (name) => match(name, /^(.*)\.r(\d{2,3})$/i, (m) => oldRar(m[1]!, Number(m[2]), m[2]!)),
  // name.z01, name.z02 … + name.zip (spanned ZIP): the .zip holds the central directory and comes last
  (name) => match(name, /^(.*)\.z(\d{2,3})$/i, (m) => spannedZip(m[1]!, Number(m[2]), m[2]!)),
  (name) => match(name, /^(.*)\.zip$/i, (m) => spannedZip(m[1]!, LAST, '01')),
  // name.7z.001, name.zip.001, name.001 …
  (name) =>
    match(name, /^(.*)\.(\d{3})$/, (m) => ({
      key: `${m[1]}.###`,
      order: Number(m[2]),
      nameOf: (order) => `${m[1]}.${padded(order, m[2]!)}`,
      first: 1,
    })),
  // name.p1.cab …
  (name) =>
    match(name, /^(.*)\.p(\d+)\.cab$/i, (m) => ({
      key: `${m[1]}.cab`,
      order: Number(m[2]),
      nameOf: (order) => `${m[1]}.p${padded(order, m[2]!)}.cab`,
      first: 1,
    })),
  // split(1) pieces: name_aa, name_ab … / name.aa, name.ab …
  (name) =>
    match(name, /^(.*[._-])a([a-z])$/, (m) => ({
      key: `${m[1]}a#`,
      order: m[2]!.charCodeAt(0),
      nameOf: (order) => `${m[1]}a${String.fromCharCode(order)}`,
      first: 'a'.charCodeAt(0),
    })),
];

function oldRar(base: string, order: number, digits: string): VolumeMatch {
  return {
    key: `${base}.r##`,
    order,
    nameOf: (n) => (n === -1 ? `${base}.rar` : `${base}.r${padded(n, digits)}`),
    first: 0,
    bookends: [-1],
  };
}

function spannedZip(base: string, order: number, digits: string): VolumeMatch {
  return {
    key: `${base}.z##`,
    order,
    nameOf: (n) => (n === LAST ? `${base}.zip` : `${base}.z${padded(n, digits)}`),
    first: 1,
    bookends: [LAST],
  };
}

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

/** Numbered parts looked through for a gap: no real set has more, and the look stays bounded. */
const MAX_PARTS_CHECKED = 10_000;

/** The first part the names show is missing (a bookend, then the first gap from the first number), or undefined. */
function missingPartOf(members: readonly { order: number; volume: VolumeMatch }[]): string | undefined {
  const { volume } = members[0]!;
  const orders = new Set(members.map((member) => member.order));
  const bookends = volume.bookends ?? [];
  const missingBookend = bookends.find((order) => !orders.has(order));
  if (missingBookend !== undefined) return volume.nameOf(missingBookend);
  const last = Math.max(...[...orders].filter((order) => !bookends.includes(order)));
  if (last - volume.first > MAX_PARTS_CHECKED) return undefined;
  for (let order = volume.first; order < last; order += 1) if (!orders.has(order)) return volume.nameOf(order);
  return undefined;
}

export function groupVolumes(files: readonly File[]): ArchiveSelection[] {
  const sets = new Map<string, { file: File; order: number; volume: VolumeMatch }[]>();
  const singles: File[] = [];
  for (const file of files) {
    const volume = volumeOf(file.name);
    if (!volume) {
      singles.push(file);
      continue;
    }
    const members = sets.get(volume.key) ?? [];
    members.push({ file, order: volume.order, volume });
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
    const missingPart = missingPartOf(members);
    const selection = selectionOf(members.map((member) => member.file));
    selections.push(missingPart === undefined ? selection : { ...selection, missingPart });
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

/** Files the operating system leaves in folders, never archives (docs/product.md#choosing-archives). */
const IGNORED = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

export function withoutSystemFiles(files: readonly File[]): File[] {
  return files.filter((file) => !IGNORED.has(file.name.toLowerCase()));
}
