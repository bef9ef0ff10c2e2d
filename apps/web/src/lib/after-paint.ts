/** The longest wait: a hidden tab draws no frames, and what waits must still happen. */
const MOST_MS = 100;

/**
 * Resolves once the browser has drawn what was just committed (the frame after the next
 * animation frame), or after MOST_MS at the latest. What can wait a frame (the completion dialog,
 * its toast) is then rendered in a commit of its own, after the first file cards are on screen:
 * together they made the cards wait for the dialog's focus and its style and layout
 * (docs/decisions/036-browser-speed-at-scale.md, "Start-up and the page at 200 MB").
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const latest = setTimeout(resolve, MOST_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(latest);
        resolve();
      }, 0),
    );
  });
}
