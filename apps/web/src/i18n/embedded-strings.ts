import type { Resource } from 'i18next';

/**
 * A prerendered page carries the strings it was rendered with as JSON, so the browser hydrates at
 * once instead of fetching them first. `type="application/json"` is data, not script: the CSP's
 * script-src does not apply and nothing runs.
 */
export const EMBEDDED_STRINGS_ID = 'page-strings';

export function embeddedStringsScript(resources: Resource): string {
  // `<` escaped so that no string can close the element early (`</script>` in a translation).
  const json = JSON.stringify(resources).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${EMBEDDED_STRINGS_ID}">${json}</script>`;
}

export function readEmbeddedStrings(doc: Document = document): Resource | undefined {
  const text = doc.getElementById(EMBEDDED_STRINGS_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return undefined;
  }
}
