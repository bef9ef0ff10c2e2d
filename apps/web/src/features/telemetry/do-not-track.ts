/**
 * Whether the browser asks not to be tracked: Do Not Track (`navigator.doNotTrack`, or the older
 * `window.doNotTrack`) or Global Privacy Control. The page then sends no usage events at all.
 */
export function browserAsksNotToTrack(): boolean {
  if (typeof navigator === 'undefined') return false;
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  const page = typeof window === 'undefined' ? undefined : (window as Window & { doNotTrack?: string | null });
  return browser.doNotTrack === '1' || page?.doNotTrack === '1' || browser.globalPrivacyControl === true;
}
