/**
 * Build-time entry (vite build --ssr, run by scripts/build.mjs): renders each public route to
 * static HTML with the same element tree the browser hydrates.
 */
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { PageLoading } from "../components/feedback/page-loading.tsx";
import { env } from "../config/env.ts";
import { StaticAuthDialog } from "../features/auth/components/static-auth-dialog.tsx";
import {
  documentTitle,
  headTags,
  PageMetaCollectorContext,
  type PageMetaData,
} from "../features/marketing/components/page-meta.tsx";
import { ID_SPACE, withOwnIds } from "../lib/id-space.ts";
import { SessionProvider } from "../lib/session/session-provider.tsx";
import { AppTree } from "./app-tree.tsx";
import { AppRoutes, routes } from "./router.tsx";
import { loadRoutesFor, matchesARoute } from "./routes/declare-routes.tsx";

export { clientRoutePaths } from "./route-paths.ts";
export { publicPaths } from "./routes/marketing/routes.tsx";

/** Origins the pages frame (the demo video), for the server's Content-Security-Policy. */
export const frameOrigins: string[] = [new URL(env.demoVideoUrl).origin];

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  title: string;
  headTags: { tag: string; attrs: Record<string, string> }[];
  /** "load" when the page must hydrate at once (forms, tools). */
  hydrate: "interaction" | "load";
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  if (!matchesARoute(routes, pathname)) throw new Error(`${pathname} is not a route`);
  const handles = await loadRoutesFor(routes, pathname);
  let meta: PageMetaData | undefined;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PageMetaCollectorContext
      value={(collected) => {
        meta = collected;
      }}
    >
      <AppTree>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppTree>
    </PageMetaCollectorContext>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0];
  const html = await readStream(prelude);
  if (!meta) throw new Error(`${pathname} renders no <PageMeta>`);
  return {
    html,
    title: documentTitle(meta),
    headTags: headTags(meta, pathname),
    hydrate: handles.some((handle) => handle.hydrate === "load") ? "load" : "interaction",
  };
}

/** The 'Loading...' fallback as static markup, shown by client-rendered routes before the app starts. */
export function renderLoading(): string {
  return renderToString(<PageLoading />);
}

/**
 * The auth dialog each public page carries, closed, after its root (decision 005, fourth
 * addendum): opened by main.tsx at a call to action's press before any React has loaded. Its ids
 * have a prefix of their own: the page's are the hydrated tree's.
 */
export function renderAuthDialog(): string {
  return renderToStaticMarkup(
    withOwnIds(
      <StrictMode>
        <SessionProvider>
          <StaticAuthDialog />
        </SessionProvider>
      </StrictMode>,
      ID_SPACE.staticAuthDialog,
    ),
    { identifierPrefix: "auth-static-" },
  );
}
