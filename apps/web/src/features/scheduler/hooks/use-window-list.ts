import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { visibleRange } from "../utils/visible-range.ts";

/** Pixels drawn above and below the window, so a fast scroll rarely shows a gap. */
const OVERSCAN_PX = 800;

/**
 * A list of any length scrolled by the window, drawing only the rows near the screen (issue 14:
 * 2,000 posts stay fast). Rows keep their natural height: each drawn row is measured and the
 * rest are estimated, so the spacers above and below keep the scrollbar true.
 */
export function useWindowList<Row>({
  rows,
  keyOf,
  estimate,
}: {
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  estimate: (row: Row) => number;
}): {
  containerRef: RefObject<HTMLUListElement | null>;
  measureRef: (element: HTMLElement | null) => void;
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
} {
  const containerRef = useRef<HTMLUListElement | null>(null);
  const sizes = useRef(new Map<string, number>());
  const [sizeVersion, setSizeVersion] = useState(0);
  const [viewport, setViewport] = useState({ top: 0, height: 1000 });

  const offsets = useMemo(() => {
    void sizeVersion;
    const list = new Float64Array(rows.length + 1);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!;
      list[index + 1] = list[index]! + (sizes.current.get(keyOf(row)) ?? estimate(row));
    }
    return list;
  }, [rows, keyOf, estimate, sizeVersion]);

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = containerRef.current;
      if (!element) return;
      const top = -element.getBoundingClientRect().top;
      const height = window.innerHeight;
      setViewport((current) =>
        current.top === top && current.height === height ? current : { top, height },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);

  // One observer for every drawn row: a changed height moves the rows below it.
  const observer = useRef<ResizeObserver | null>(null);
  const pending = useRef(0);
  useEffect(() => {
    observer.current = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const key = element.dataset.rowKey;
        const height = element.getBoundingClientRect().height;
        if (key && height > 0 && sizes.current.get(key) !== height) {
          sizes.current.set(key, height);
          changed = true;
        }
      }
      if (changed && !pending.current) {
        pending.current = requestAnimationFrame(() => {
          pending.current = 0;
          setSizeVersion((version) => version + 1);
        });
      }
    });
    return () => {
      observer.current?.disconnect();
      if (pending.current) cancelAnimationFrame(pending.current);
    };
  }, []);
  const measureRef = useCallback((element: HTMLElement | null) => {
    if (element) observer.current?.observe(element);
  }, []);

  const { start, end } = visibleRange(
    offsets,
    viewport.top - OVERSCAN_PX,
    viewport.top + viewport.height + OVERSCAN_PX,
  );
  const total = offsets[rows.length] ?? 0;
  return {
    containerRef,
    measureRef,
    start,
    end,
    padTop: offsets[start] ?? 0,
    padBottom: total - (offsets[end] ?? total),
  };
}
