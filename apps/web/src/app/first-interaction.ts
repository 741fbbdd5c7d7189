/**
 * The events that count as a visitor's first interaction on a prerendered page: main.tsx starts
 * the app on them, and the page loader (page-loader.ts) marks them for main.tsx when they come
 * before it has run. One list, so the two cannot disagree on what an interaction is.
 */
export const firstInteractionEvents = [
  "pointerdown",
  "pointermove",
  "keydown",
  "touchstart",
  "focusin",
  "wheel",
] as const;
