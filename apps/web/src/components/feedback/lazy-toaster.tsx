import { type ComponentType, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadToaster, onToasterWanted, toasterListening, toasterWanted } from "../../lib/toast.ts";

/** Runs after the Toaster's own effects (siblings' effects run in order): its list listens. */
function Listening() {
  useEffect(() => toasterListening(), []);
  return null;
}

/**
 * Sonner's Toaster, loaded off the first paint: when the browser is next idle (within 2 s), or
 * at once when a toast is shown first (lib/toast.ts). Until then nothing is rendered.
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
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(() => void loadToaster(), { timeout: 2000 })
        : window.setTimeout(() => void loadToaster(), 1000);
    return () => {
      live = false;
      stop();
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
