import { useLayoutEffect } from "react";

/**
 * The browser tab's title while this is on screen; the title before it comes back when it goes.
 * Not a <title> element: React 19 hoists one into the head, Preact (the browser's renderer,
 * decision 044) leaves it where it is rendered, in the page's body, where it names nothing.
 */
export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      document.title = before;
    };
  }, [children]);
  return null;
}
