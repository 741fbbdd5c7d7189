import type { ReactElement } from "react";

/**
 * Gives a tree rendered into a root of its own (the auth dialog's) ids no other root uses. React
 * keeps its roots' `useId`s apart itself; Preact, the browser's renderer (decision 044), numbers
 * each root's from "P0-0", so a second root would repeat the page's ids (a label naming another
 * root's field). Preact starts the numbering from the `__m` it finds on the tree's first element;
 * React ignores it. `space` is the first number of every id the tree makes ("P<space>-…").
 */
export function withOwnIds(element: ReactElement, space: number): ReactElement {
  // React freezes elements in development; there its own ids are apart already.
  if (!Object.isFrozen(element)) (element as unknown as { __m: [number, number] }).__m = [space, 0];
  return element;
}

/** The id spaces of the app's roots besides the page's own (0). */
export const ID_SPACE = { staticAuthDialog: 1, authDialog: 2 } as const;
