import type { toast as sonnerToast } from "sonner";

/**
 * The app's toasts. Sonner (~10 KB gzip) is not on any page's first load: its Toaster mounts once
 * the browser is idle after the first paint (components/feedback/lazy-toaster.tsx), or at the
 * first toast if that comes sooner, and a toast shown before then waits for it rather than being
 * lost (sonner's list only shows toasts sent after it subscribed).
 */
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;
type Kind = "success" | "error" | "info" | "warning";

let mounted: Promise<typeof import("sonner")> | undefined;
let resolveMounted: (() => void) | undefined;
const listeners = new Set<() => void>();

/** Loads sonner and asks the lazy Toaster to mount; resolves once its list is listening. */
export function loadToaster(): Promise<typeof import("sonner")> {
  if (!mounted) {
    const listening = new Promise<void>((resolve) => {
      resolveMounted = resolve;
    });
    mounted = import("sonner").then(async (sonner) => {
      for (const listener of listeners) listener();
      await listening;
      return sonner;
    });
  }
  return mounted;
}

/** For the lazy Toaster: called when sonner has loaded (it renders the Toaster then). */
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the lazy Toaster: its list subscribed (the effect after sonner's own has run). */
export function toasterListening(): void {
  resolveMounted?.();
}

/** Whether sonner has been asked for (the lazy Toaster renders it at once then). */
export function toasterWanted(): boolean {
  return mounted !== undefined;
}

const show =
  (kind: Kind): Show =>
  (...args) => {
    void loadToaster().then((sonner) => sonner.toast[kind](...args));
  };

export const toast: Record<Kind, Show> = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
};
