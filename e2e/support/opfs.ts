import type { Page } from 'playwright-core';

// What tests read of the Origin Private File System. Headless Chromium shows no picker: a folder
// of it stands in for the one a visitor picks (install a stand-in with the context's addInitScript).

/** The picker's stand-in: `showDirectoryPicker` answers the OPFS folder `picked`. */
export function pickerStandIn(): void {
  (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
    (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true });
}

/**
 * The picker's stand-in for a folder on a disk: as Chromium's File System Access does there (and
 * not in the Origin Private File System), it refuses names Windows cannot hold and shell links
 * (disk-folder-names.test.ts checks these against a real folder on disk).
 */
export function refusingPickerStandIn(): void {
  const refused = (name: string) => /["*:<>?\\|]/.test(name) || /\.lnk$/i.test(name);
  const refuse = () => Promise.reject(new TypeError('Name is not allowed.'));
  const onDisk = (folder: FileSystemDirectoryHandle): FileSystemDirectoryHandle =>
    ({
      kind: 'directory',
      name: folder.name,
      keys: () => (folder as unknown as { keys(): AsyncIterable<string> }).keys(),
      getDirectoryHandle: async (name: string, options?: FileSystemGetDirectoryOptions) =>
        refused(name) ? refuse() : onDisk(await folder.getDirectoryHandle(name, options)),
      getFileHandle: (name: string, options?: FileSystemGetFileOptions) =>
        refused(name) ? refuse() : folder.getFileHandle(name, options),
    }) as unknown as FileSystemDirectoryHandle;
  (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
    onDisk(await (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true }));
}

/** Every file under the OPFS folder `name`, by path, with its text. */
export function opfsTree(page: Page, name: string): Promise<Record<string, string>> {
  return opfsFiles(page, name, 'text');
}

/** Every file under the OPFS folder `name`, by path, with its SHA-256 (hex): for large files. */
export function opfsDigests(page: Page, name: string): Promise<Record<string, string>> {
  return opfsFiles(page, name, 'sha256');
}

/** The paths of the files under the OPFS folder `name`, none of them read. */
export async function opfsPaths(page: Page, name: string): Promise<string[]> {
  return Object.keys(await opfsFiles(page, name, 'path')).sort();
}

function opfsFiles(page: Page, name: string, what: 'text' | 'sha256' | 'path'): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ top, what }) => {
      const out: Record<string, string> = {};
      type Listed = { entries(): AsyncIterable<[string, FileSystemDirectoryHandle | FileSystemFileHandle]> };
      const read = async (file: File): Promise<string> => {
        if (what === 'text') return file.text();
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
        return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
      };
      const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
        for await (const [entry, handle] of (dir as unknown as Listed).entries()) {
          if (handle.kind === 'directory') await walk(handle, `${prefix}${entry}/`);
          else out[`${prefix}${entry}`] = what === 'path' ? '' : await read(await handle.getFile());
        }
      };
      const root = await navigator.storage.getDirectory();
      await walk(await root.getDirectoryHandle(top, { create: true }), '');
      return out;
    },
    { top: name, what },
  );
}

/** The sizes of the site's output stores (client/output-stores.ts), by name. */
export function outputStores(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const sizes: Record<string, number> = {};
    type Listed = { entries(): AsyncIterable<[string, FileSystemFileHandle]> };
    const root = await navigator.storage.getDirectory();
    const dir = (await root.getDirectoryHandle('extracted-output', { create: true })) as unknown as Listed;
    for await (const [name, handle] of dir.entries()) sizes[name] = (await handle.getFile()).size;
    return sizes;
  });
}
