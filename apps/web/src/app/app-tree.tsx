import { createContext, type ReactNode, StrictMode, useContext, useEffect, useMemo } from "react";
import { applyPreferredLanguage } from "../lib/i18n.ts";
import { AppProviders } from "./providers.tsx";

const PageReadyContext = createContext<() => void>(() => {});

/**
 * Called by the layout of prerendered pages: its effect runs once the page itself has hydrated,
 * which can be after the root (React hydrates Suspense boundaries separately).
 */
export function useSignalPageReady() {
  const signal = useContext(PageReadyContext);
  useEffect(() => signal(), [signal]);
}

function AfterFirstRender({ onRendered }: { onRendered?: () => void }) {
  useEffect(() => onRendered?.(), [onRendered]);
  return null;
}

/**
 * The same element tree in the browser and in the prerenderer (entry-prerender.tsx), so hydration
 * (and every useId) matches the static HTML. `onReady` runs once the page is live; when hydrating,
 * that is when the page's layout reports it, so the preferred language (the static HTML is
 * English) is applied only after every part has hydrated, never during it.
 */
export function AppTree({
  children,
  onReady,
  isHydrating = false,
}: {
  children: ReactNode;
  onReady?: () => void;
  isHydrating?: boolean;
}) {
  const ready = useMemo(() => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      applyPreferredLanguage();
      onReady?.();
    };
  }, [onReady]);
  return (
    <StrictMode>
      <AppProviders>
        <PageReadyContext value={ready}>{children}</PageReadyContext>
        <AfterFirstRender onRendered={isHydrating ? undefined : ready} />
      </AppProviders>
    </StrictMode>
  );
}
