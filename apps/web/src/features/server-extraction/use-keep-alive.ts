import { useEffect } from 'react';
import { keepAliveDelay, sendKeepAlive } from './keep-alive';

// Kept across remounts (navigating away from the home page and back), so the pace holds.
let lastPingAt: number | null = null;

/**
 * While `enabled` (server mode chosen) and the tab is visible, keeps the server warm with a
 * keep-alive every 8 minutes; stops while the tab is hidden and resumes when it is shown again.
 */
export function useKeepAlive(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState !== 'visible') return;
      timer = setTimeout(ping, keepAliveDelay(lastPingAt, Date.now()));
    };
    const ping = () => {
      lastPingAt = Date.now();
      sendKeepAlive().catch((error: unknown) => {
        // Nothing depends on it: the next extraction only starts colder
        // (docs/product.md#server-mode: logged only).
        console.debug('keep-alive failed', error);
      });
      schedule();
    };
    document.addEventListener('visibilitychange', schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [enabled]);
}
