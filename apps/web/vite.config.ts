import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import {
  frameChunkCheck,
  frameChunkName,
  lucideIconImports,
} from "./scripts/vite-plugin-frame-chunks.ts";
import { interSubset } from "./scripts/vite-plugin-inter-subset.ts";
import { markdown } from "./scripts/vite-plugin-markdown.ts";
import { openApiDocument } from "./scripts/vite-plugin-openapi.ts";

const apiTarget = process.env.SIGHTLINE_API_URL ?? "http://127.0.0.1:3000";

/**
 * Preloads the one self-hosted font file (Inter, latin, weights 400–800: scripts/
 * vite-plugin-inter-subset.ts) so text paints in it at once. Prerendered pages drop the preload
 * (scripts/build.mjs): nothing but their HTML is fetched before their first paint.
 */
function preloadFont(): Plugin {
  return {
    name: "sightline:preload-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal[^/]*\.woff2$/.test(file),
        );
        if (!font) return [];
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              href: `/${font}`,
              as: "font",
              type: "font/woff2",
              crossorigin: "",
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * The build renders with Preact in place of React DOM (decision 044): React's packages resolve to
 * Preact's compatibility layer, in the browser and in the prerenderer alike (the ids the
 * prerendered HTML carries are the ones hydration makes). `SIGHTLINE_REACT=react npm run build`
 * builds with React DOM instead (a baseline for the benchmarks). The dev server and the unit tests
 * run on React.
 */
const usePreact = process.env.SIGHTLINE_REACT !== "react";
const preactFor: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/server": "preact/compat/server",
  "react-dom/static": fileURLToPath(new URL("./scripts/preact-static.ts", import.meta.url)),
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
function preactForReact(): Plugin {
  return {
    name: "sightline:preact-for-react",
    enforce: "pre",
    apply: "build",
    resolveId(source, importer, options) {
      const target = usePreact ? preactFor[source] : undefined;
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
    // Minified Preact calls its render diff `z`, a name the build marks pure for Zod (below):
    // its calls, whose results go unused, were dropped and the app rendered nothing. Renamed here
    // (in that file `z` is only that function); a Preact that no longer has it stops the build.
    transform(code, id) {
      if (!usePreact || !/[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/.test(id)) {
        return null;
      }
      let renamed = 0;
      const out = code.replace(/(?<![\w$.])z\(/g, () => {
        renamed++;
        return "z$(";
      });
      if (renamed < 2) {
        throw new Error(
          `preact/dist/preact.mjs no longer calls a function z (${renamed}): see manualPureFunctions`,
        );
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    preactForReact(),
    lucideIconImports(),
    interSubset(),
    markdown(),
    openApiDocument(),
    react(),
    tailwindcss(),
    preloadFont(),
    frameChunkCheck(),
  ],
  define: {
    // The canonical origin comes from SITE_URL at build time (sitemap, canonical, Open Graph).
    "import.meta.env.VITE_SITE_URL": JSON.stringify(
      process.env.SITE_URL ?? process.env.VITE_SITE_URL ?? "https://sightline.app",
    ),
    // Fixed at build time so the prerendered footer and the hydrated one always agree.
    "import.meta.env.VITE_BUILD_YEAR": JSON.stringify(String(new Date().getUTCFullYear())),
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/webhooks": { target: apiTarget },
      "/sandbox": { target: apiTarget },
      "/dev/mailbox": { target: apiTarget },
    },
  },
  ssr: {
    // Workspace packages ship TypeScript sources: bundle them into the prerender entry. With
    // Preact, everything: a library left outside would import React itself.
    noExternal: usePreact ? true : ["@sightline/contracts"],
  },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @sightline/contracts is TypeScript sources behind one barrel, each module a few
        // constants next to Zod schemas. Declared free of side effects, a page that takes one
        // constant gets only that module; Zod's builders (`z.object(...)`, chains included) are
        // pure, so a schema nothing uses is dropped with Zod itself (issue 27: /dashboard loaded
        // all of Zod for three constants). Every call of a function named `z` is: minified
        // Preact names its render diff `z`, which `preactForReact` renames for this reason.
        manualPureFunctions: ["z"],
        moduleSideEffects: (id) =>
          /[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // Libraries every app page uses, each in a chunk of its own whose name and hash change
        // only when the library does: a second page, or the next release, fetches only its own
        // code. What one page alone uses stays with that page.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
            },
            { name: "query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // Every icon the app draws, in one file (12.4 KB): shared icons were a file each, and
            // /dashboard waited for 61 files over the browser's six connections; with this, 35
            // for 1.5 KB more, and each later page fetches fewer, smaller files (issue 27).
            { name: "icons", test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
            // The app's frame and what only it uses, in one file: every app page loads it
            // whole, and no public page loads it (scripts/vite-plugin-frame-chunks.ts).
            { name: frameChunkName(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
