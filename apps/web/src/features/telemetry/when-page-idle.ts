/** How long an idle callback may wait on a busy page before it runs anyway. */
const IDLE_TIMEOUT_MS = 5_000;
/** Where requestIdleCallback is missing (Safari), a short delay after load instead. */
const FALLBACK_DELAY_MS = 2_000;

/**
 * Runs `task` once the page has loaded and the browser is idle, off the first load's critical
 * path (work nobody waits for: monitoring).
 */
export function whenPageIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(task, FALLBACK_DELAY_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
