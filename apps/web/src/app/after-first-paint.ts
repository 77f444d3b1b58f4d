/**
 * Runs `start` once the page the server rendered has been painted: a frame, then a task after it.
 * Hydration takes the main thread for a while; taken before the first paint, it would hold back what
 * the server already sent (the hero photograph, the headings). A page rendered in the browser starts
 * at once. In a background tab (a link opened in a new tab) frames wait until the tab is shown.
 */
export function afterFirstPaint(start: () => void) {
  requestAnimationFrame(() => setTimeout(start, 0));
}
