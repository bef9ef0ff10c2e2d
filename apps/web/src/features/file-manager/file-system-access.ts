/**
 * The File System Access API's pickers (Chromium-based browsers; not in TypeScript's DOM types):
 * "Extract to folder" and a ZIP saved straight to disk. Where they are missing, the page does not
 * offer what needs them.
 */
interface PickerWindow {
  showDirectoryPicker?: (options?: { mode?: 'read' | 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;
  showSaveFilePicker?: (options?: {
    suggestedName?: string;
    types?: { description?: string; accept: Record<string, string[]> }[];
  }) => Promise<FileSystemFileHandle>;
}

const pickers = (): PickerWindow => (typeof window === 'undefined' ? {} : (window as unknown as PickerWindow));

export function canPickFolder(): boolean {
  return typeof pickers().showDirectoryPicker === 'function';
}

export function canPickSaveFile(): boolean {
  return typeof pickers().showSaveFilePicker === 'function';
}

/** The folder the visitor picks, with the right to write in it; null when they cancel. */
export async function pickFolder(): Promise<FileSystemDirectoryHandle | null> {
  const pick = pickers().showDirectoryPicker;
  if (!pick) return null;
  return pick({ mode: 'readwrite', id: 'extract-to-folder' }).catch(cancelledAsNull);
}

/** Where the visitor saves a file named `suggestedName`; null when they cancel. */
export async function pickSaveFile(suggestedName: string): Promise<FileSystemFileHandle | null> {
  const pick = pickers().showSaveFilePicker;
  if (!pick) return null;
  return pick({ suggestedName, types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }] }).catch(cancelledAsNull);
}

function cancelledAsNull(error: unknown): null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  throw error;
}

/** The names in a folder (its direct entries). */
export async function namesIn(folder: FileSystemDirectoryHandle): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.add(name);
  return names;
}
