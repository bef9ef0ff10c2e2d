import type { Page } from 'playwright-core';

/**
 * Toasts and the completion dialog leave on their own (after about 4 s and 3 s). On a starved
 * machine the test's polls, each a round trip to the browser, can fall on either side of one and
 * never see it. So every page notes each toast and dialog as it appears, and the test waits on
 * the notes instead of on the screen.
 */
interface Noted {
  __shown?: string[];
}

/** The page's recorder; runs as an init script, before the page's own scripts. */
export function recordShown(): void {
  const shown: string[] = [];
  (window as Noted).__shown = shown;
  // Each toast or dialog is noted again only when its text changes (sonner re-renders them all).
  const lastText = new WeakMap<Element, string>();
  const note = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || lastText.get(element) === text) return;
    lastText.set(element, text);
    shown.push(text);
  };
  const TRANSIENT = '[data-sonner-toast], [role=dialog]';
  const visit = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return;
    const host = element.closest(TRANSIENT);
    if (host) note(host);
    element.querySelectorAll(TRANSIENT).forEach(note);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      visit(record.target);
      record.addedNodes.forEach(visit);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** How many toasts and dialogs the page has noted so far: a mark for `waitUntilShown`. */
export async function shownCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as Noted).__shown?.length ?? 0);
}

/** Waits until one toast or dialog noted after `since` held every one of `texts`. */
export async function waitUntilShown(page: Page, texts: string[], since = 0): Promise<void> {
  await page.waitForFunction(
    ([wanted, from]) => ((window as Noted).__shown ?? []).slice(from).some((text) => wanted.every((part) => text.includes(part))),
    [texts, since] as const,
  );
}

/** Everything the page noted after `since`, for a failure's message. */
export async function shownSince(page: Page, since = 0): Promise<string[]> {
  return page.evaluate((from) => ((window as Noted).__shown ?? []).slice(from), since).catch(() => []);
}
