/**
 * The query parameter of the page "Open with" launches (the manifest's file_handlers action). The
 * launched files reach only the document the launch opened, so that page must not send the visitor
 * to another language's address first (main.tsx): they would be lost on the way.
 */
export const OPEN_WITH_PARAM = 'open-with';

export function openedWithFiles(search: string): boolean {
  return new URLSearchParams(search).has(OPEN_WITH_PARAM);
}
