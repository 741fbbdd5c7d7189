import { useCallback, useRef } from "react";

/**
 * Work still running in the composer (files being read and converted, crops, cover uploads):
 * Publish and Schedule wait for all of it before they look at the draft (issue 24: a PNG still
 * converting made Publish answer 'Add at least one media item' though its tile came a moment later).
 */
export function usePendingWork() {
  const pending = useRef(new Set<Promise<unknown>>());
  const track = useCallback(<T>(work: Promise<T>): Promise<T> => {
    pending.current.add(work);
    const forget = () => pending.current.delete(work);
    work.then(forget, forget);
    return work;
  }, []);
  /** Resolves once nothing is pending, including work started while waiting. */
  const settle = useCallback(async () => {
    while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
  }, []);
  const hasPending = useCallback(() => pending.current.size > 0, []);
  return { track, settle, hasPending };
}
