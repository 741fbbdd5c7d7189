import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "sightline-scroll-positions";

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    return stored && typeof stored === "object" ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Jumps to a position: instantly, whatever the stylesheet's `scroll-behavior` (a new page that
 * glided up from the footer of the one before would be a slow way to arrive).
 */
function jumpTo(top: number) {
  window.scrollTo({ top, left: 0, behavior: "instant" });
}

/** Scrolls to the element a hash names; false when there is none. */
function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: look the raw id up
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return Boolean(target);
}

/**
 * The scroll position each history entry had: a new page starts at its top (or at the element its
 * hash names), Back and Forward (and a reload) return to where the reader was. The positions live
 * in sessionStorage, per tab, as the browser's own would.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const currentKey = useRef(location.key);
  const first = useRef(true);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = "manual";
    // One assignment per scroll event: cheaper than anything that would batch it.
    const onScroll = () => {
      positions.current[currentKey.current] = window.scrollY;
    };
    const save = () => {
      positions.current[currentKey.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // not kept across a reload, still kept in this page
      }
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const isFirst = first.current;
    first.current = false;
    // Read once, before the first position is wanted (this runs before the effect above).
    if (isFirst) positions.current = readPositions();
    const saved = positions.current[location.key];
    // Back/Forward, or a reload of this entry: where the reader was.
    if ((navigationType === "POP" || isFirst) && saved !== undefined) {
      jumpTo(saved);
      return;
    }
    if (scrollToHash(location.hash)) return;
    if (!isFirst) jumpTo(0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
