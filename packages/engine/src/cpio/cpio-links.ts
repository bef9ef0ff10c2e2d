import type { EntryWriter } from '../core/entry-writer.js';
import type { ArchiveEntry, ArchiveEntryKind } from '../core/entry-writer.js';
import type { CpioEntry } from './cpio-reader.js';

/**
 * Hard links. A cpio stores each name of a multiply-linked file (nlink > 1) as its own entry
 * with the same device and inode; only one of them carries the content: the last in newc/crc
 * (GNU cpio, bsdcpio), sometimes the first (libarchive's compat test), every one in odc. Native
 * tools give every name the content, so we do: names seen before the content wait for it,
 * names after it get a copy kept in memory. Content too large to keep makes the other names
 * links reported to the caller (as the tar path reports hard links) instead of copies.
 */

/** A file's content is kept in memory for its other names up to this size… */
const MAX_COPIED_BYTES = 32 << 20;
/** …and all the content kept at once up to this. */
const MAX_KEPT_BYTES = 64 << 20;

interface Group {
  /** Names seen before any content: written when it comes (empty at the end if it never does). */
  waiting: CpioEntry[];
  /** The content, kept while more names are expected. */
  content: Uint8Array | null;
  /** The name that carried content too large to keep, for the others to point at. */
  holder: string | null;
  seen: number;
}

export class HardLinks {
  private readonly groups = new Map<string, Group>();
  private kept = 0;

  constructor(private readonly job: EntryWriter) {}

  async extract(entry: CpioEntry): Promise<void> {
    if (entry.kind !== 'file' || entry.nlink < 2) return this.job.extract(asTarEntry(entry));
    const group = this.groupOf(entry.inode);
    group.seen += 1;
    const more = group.seen < entry.nlink;
    if (entry.size === 0) {
      if (group.content) await this.job.extract(copyOf(entry, group.content));
      else if (group.holder !== null) await this.job.extract(linkTo(entry, group.holder));
      else group.waiting.push(entry);
    } else {
      await this.withContent(entry, group, more);
    }
    if (!more && group.waiting.length === 0) this.drop(entry.inode, group);
  }

  /** At the trailer: names whose content never came are empty files, as native tools leave them. */
  async finish(): Promise<void> {
    for (const group of this.groups.values()) {
      for (const entry of group.waiting.splice(0)) await this.job.extract(copyOf(entry, new Uint8Array(0)));
    }
    this.groups.clear();
  }

  private async withContent(entry: CpioEntry, group: Group, more: boolean): Promise<void> {
    const waiting = group.waiting.splice(0);
    if (this.release(group) + entry.size > MAX_KEPT_BYTES || entry.size > MAX_COPIED_BYTES) {
      await this.job.extract(asTarEntry(entry));
      group.holder = entry.name;
      for (const other of waiting) await this.job.extract(linkTo(other, entry.name));
      return;
    }
    const content = await readAll(entry);
    await this.job.extract(copyOf(entry, content));
    for (const other of waiting) await this.job.extract(copyOf(other, content));
    if (more) {
      group.content = content;
      this.kept += content.length;
    }
  }

  private groupOf(inode: string): Group {
    let group = this.groups.get(inode);
    if (!group) {
      group = { waiting: [], content: null, holder: null, seen: 0 };
      this.groups.set(inode, group);
    }
    return group;
  }

  /** Forgets a group's kept content (newer content replaces it); returns the bytes still kept. */
  private release(group: Group): number {
    if (group.content) this.kept -= group.content.length;
    group.content = null;
    group.holder = null;
    return this.kept;
  }

  private drop(inode: string, group: Group): void {
    this.release(group);
    this.groups.delete(inode);
  }
}

/** A cpio entry in the shape the tar extraction writes (its limits, names and sink rules apply alike). */
export function asTarEntry(entry: CpioEntry): ArchiveEntry {
  return tarEntry(entry, entry.kind, entry.linkName, entry.size, () => entry.read());
}

function copyOf(entry: CpioEntry, content: Uint8Array): ArchiveEntry {
  let given = false;
  const read = async () => {
    if (given || content.length === 0) return null;
    given = true;
    return content;
  };
  return tarEntry(entry, 'file', '', content.length, read);
}

function linkTo(entry: CpioEntry, target: string): ArchiveEntry {
  return tarEntry(entry, 'hardlink', target, 0, async () => null);
}

function tarEntry(
  entry: CpioEntry,
  kind: ArchiveEntryKind,
  linkName: string,
  size: number,
  read: () => Promise<Uint8Array | null>,
): ArchiveEntry {
  return {
    name: entry.name,
    ...(entry.rawName && { rawName: entry.rawName }),
    linkName,
    kind,
    size,
    mtime: entry.mtime,
    mode: entry.mode,
    read,
  };
}

async function readAll(entry: CpioEntry): Promise<Uint8Array> {
  const content = new Uint8Array(entry.size);
  let at = 0;
  for (let chunk = await entry.read(); chunk; chunk = await entry.read()) {
    content.set(chunk, at);
    at += chunk.length;
  }
  return content;
}
