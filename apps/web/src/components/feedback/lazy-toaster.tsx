import { type ComponentType, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadToaster, onToasterWanted, toasterListening, toasterWanted } from "../../lib/toast.ts";

/** When sonner loads if no toast asked for it sooner. */
const LOAD_AFTER_MS = 4000;

/** Runs after the Toaster's own effects (siblings' effects run in order): its list listens. */
function Listening() {
  useEffect(() => toasterListening(), []);
  return null;
}

/**
 * Sonner's Toaster, loaded off the first paint: 4 s after the app starts, when the browser is
 * idle, or at once when a toast is shown first (lib/toast.ts). Until then nothing is rendered.
 */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    const show = () => {
      void import("sonner").then((sonner) => {
        if (live) setToaster(() => sonner.Toaster);
      });
    };
    const stop = onToasterWanted(show);
    if (toasterWanted()) show();
    // Later than the page's own first paint (the dashboard's charts wait on their data, and an
    // idle callback alone would fire during that wait), then when the browser is idle.
    let idle: number | undefined;
    const later = window.setTimeout(() => {
      idle =
        typeof window.requestIdleCallback === "function"
          ? window.requestIdleCallback(() => void loadToaster(), { timeout: 2000 })
          : window.setTimeout(() => void loadToaster(), 0);
    }, LOAD_AFTER_MS);
    return () => {
      live = false;
      stop();
      window.clearTimeout(later);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!Toaster) return null;
  return (
    <>
      <Toaster {...props} />
      <Listening />
    </>
  );
}
