import type { ExtractedFile, RemoteFile } from './extracted-file';

/**
 * Whether a server file is still named as the server names it. The server names its downloads
 * (Content-Disposition, which browsers follow over a link's `download` name) and its job's ZIP by
 * the paths it extracted; a names encoding chosen in the page (names-encoding.ts) may name a file
 * otherwise, and then the page saves it itself (docs/decisions/034-names-in-any-encoding.md).
 */

/** A server file the server saves under the name the page shows: its URL can be handed to the browser. */
export function savedAsShown(file: ExtractedFile): file is ExtractedFile & { remote: RemoteFile } {
  if (!file.remote) return false;
  const { path } = file.remote;
  return path.slice(path.lastIndexOf('/') + 1) === file.name;
}

/** A server file the server's ZIP holds under the path the page shows. */
export function zippedAsShown(file: ExtractedFile): boolean {
  return file.remote !== undefined && file.remote.path === file.path;
}
