/**
 * A ref that focuses its element as it mounts: what `autoFocus` does in React, which focuses such
 * an element itself. Preact, the browser's renderer (decision 044), only sets the `autofocus`
 * attribute, which a browser reads when the page loads, not for an element added later (a
 * prompt, a reply box, a step of a dialog).
 */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}
