import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

/**
 * True once a query under `queryKey` has answered (data or error) and the browser has painted
 * what it answered, and from then on. A page uses it to load what sits below its main content
 * only after that content is on screen, so the first paint does not wait on code it does not
 * show (issue 27 point 3). Not `enabled`, it waits: an answer asked for early (the dashboard's
 * overview, before the page shows it) counts once the page shows it.
 */
export function usePaintedAfterQuery(queryKey: QueryKey, enabled = true): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  const [painted, setPainted] = useState(false);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (settled || !enabled) return;
    const cache = client.getQueryCache();
    const prefix = JSON.parse(key) as QueryKey;
    const check = () => {
      if (cache.findAll({ queryKey: prefix }).some((query) => query.state.status !== "pending")) {
        setSettled(true);
      }
    };
    check();
    return cache.subscribe(check);
  }, [client, key, settled, enabled]);
  useEffect(() => {
    if (!settled || painted) return;
    // The frame that draws the answer, then a task after it: the paint has happened.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [settled, painted]);
  return painted;
}
