// `npm run build` (web workspace): the client build, then every public route prerendered to
// static HTML (dist/<route>/index.html), plus sitemap.xml, robots.txt and the app shell.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { build } from "vite";
import { criticalCssFrom } from "./critical-css.mjs";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(webDir, "dist");
const ssrDir = path.join(webDir, "node_modules/.cache/sightline-prerender");
const siteUrl = (process.env.SITE_URL ?? "https://sightline.app").replace(/\/+$/, "");
const quiet = process.argv.includes("--quiet");
const logLevel = quiet ? "warn" : "info";

const escapeAttribute = (value) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (value) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function tagHtml({ tag, attrs }) {
  const attributes = Object.entries(attrs)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(" ");
  return `<${tag} ${attributes} />`;
}

const stylesheetLink = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/;

/**
 * A prerendered page paints without waiting for the stylesheet: the CSS its HTML uses is inlined,
 * and the whole stylesheet is kept in an inert <template> that app/main.tsx puts in the head when
 * the page comes to life (first interaction, or at once for pages that start at once: both once
 * the page loader has loaded main.tsx after the first paint). A page
 * looked at without being used never fetches it.
 */
function inlineCriticalCss(html, criticalCss) {
  return html.replace(
    stylesheetLink,
    (link) =>
      `<style>${criticalCss(html)}</style>\n    <template id="deferred-styles">${link}</template>`,
  );
}

const entryScript = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const fontPreload = /\s*<link rel="preload"[^>]*as="font"[^>]*>/g;
const modulePreload = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The stylesheet's @font-face for Inter: the page loader adds it as a FontFace after the first
 * paint, so the inlined CSS leaves it out (src/app/page-loader.ts).
 */
function interFontFace(stylesheetCss) {
  const rule = stylesheetCss.match(
    /@font-face\{[^}]*font-family:\s*"?Inter Variable"?;[^}]*\}/,
  )?.[0];
  if (!rule) throw new Error("The stylesheet declares no @font-face for Inter Variable");
  const descriptor = (name) =>
    rule.match(new RegExp(`[{;]${name}:([^;}]+)`))?.[1]?.trim() ??
    (() => {
      throw new Error(`Inter's @font-face has no ${name}`);
    })();
  return {
    rule,
    family: descriptor("font-family").replace(/^"|"$/g, ""),
    src: descriptor("src"),
    weight: descriptor("font-weight"),
    range: descriptor("unicode-range"),
  };
}

/** src/app/page-loader.ts, bundled on its own (no chunk of the app's) and minified, to be inlined. */
function pageLoaderCode() {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(webDir, "src/app/page-loader.ts")],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: "es2022",
    logLevel: "error",
  });
  return outputFiles[0].text.trim();
}

/**
 * A prerendered page fetches nothing before its first paint: its script and font come from the
 * page loader once it has painted (or at the visitor's first move), in place of the template's
 * module script and font preload. The app shell keeps both: it has nothing to paint before them.
 */
function withPageLoader(html, { loaderCode, font }) {
  const entry = html.match(entryScript)?.[1];
  if (!entry) throw new Error("dist/index.html has no module script to load");
  const attributes = {
    "data-entry": entry,
    "data-font-family": font.family,
    "data-font-src": font.src,
    "data-font-weight": font.weight,
    "data-font-range": font.range,
  };
  const loader = `<script ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(" ")}>${loaderCode}</script>`;
  return html
    .replace(entryScript, "")
    .replace(fontPreload, "")
    .replace(modulePreload, "")
    .replace("</body>", `  ${loader}\n  </body>`);
}

function pageHtml(template, pathname, page, criticalCss, authDialogHtml, loader) {
  const head = [`<title>${escapeText(page.title)}</title>`, ...page.headTags.map(tagHtml)].join(
    "\n    ",
  );
  const hydrate = page.hydrate === "load" ? ' data-hydrate="load"' : "";
  const html = template
    .replace(/<title>[\s\S]*?<\/title>/, "<!--head-->")
    .replace(/\s*<meta name="description"[^>]*>/, "")
    .replace("<!--head-->", head)
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-prerendered="${escapeAttribute(pathname)}"${hydrate}>${page.html}</div>${authDialogHtml}`,
    );
  return withPageLoader(inlineCriticalCss(html, criticalCss), loader);
}

function sitemap(paths) {
  const urls = paths
    .map((pathname) => `  <url><loc>${siteUrl}${pathname === "/" ? "/" : pathname}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots() {
  const privateAreas = [
    "/api/",
    "/auth/",
    "/dashboard",
    "/audience-insights",
    "/post-performance",
    "/content-scheduler",
    "/messages",
    "/trend-radar",
    "/press-radar",
    "/competitors",
    "/mentions",
    "/reports",
    "/review", // and /reviews: robots match by prefix
    "/settings",
    "/invitations/",
  ];
  return `User-agent: *\nAllow: /\n${privateAreas.map((area) => `Disallow: ${area}`).join("\n")}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

// Always a production build: Vite keeps an inherited NODE_ENV (vitest sets "test"), which would
// bundle React's development build into the site that the tests and `npm start` then serve.
process.env.NODE_ENV = "production";

const started = performance.now();
await build({ root: webDir, logLevel });
await build({
  root: webDir,
  logLevel: "warn",
  build: {
    ssr: "src/app/entry-prerender.tsx",
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
  },
});

try {
  const entry = await import(pathToFileURL(path.join(ssrDir, "entry-prerender.js")).href);
  const template = readFileSync(path.join(distDir, "index.html"), "utf8");
  if (!template.includes('<div id="root"><!--app-html--></div>')) {
    throw new Error('dist/index.html has no <div id="root"><!--app-html--></div> to fill');
  }
  const loadingHtml = entry.renderLoading();
  const stylesheet = template.match(stylesheetLink)?.[1];
  if (!stylesheet) throw new Error("dist/index.html links no stylesheet to inline from");
  const stylesheetCss = readFileSync(path.join(distDir, stylesheet), "utf8");
  const font = interFontFace(stylesheetCss);
  const pageCss = criticalCssFrom(stylesheetCss);
  const criticalCss = (html) => pageCss(html).replace(font.rule, "");
  const loader = { loaderCode: pageLoaderCode(), font };

  // The app shell: what a client-rendered route needs (the server may serve it instead of the
  // landing page for addresses without a prerendered page).
  writeFileSync(
    path.join(distDir, "app-shell.html"),
    template.replace('<div id="root"><!--app-html--></div>', `<div id="root">${loadingHtml}</div>`),
  );

  // The auth dialog, closed, outside the root: a call to action opens it before the app runs.
  const authDialogHtml = entry.renderAuthDialog();
  for (const pathname of entry.publicPaths) {
    const page = await entry.renderPage(pathname);
    const file =
      pathname === "/"
        ? path.join(distDir, "index.html")
        : path.join(distDir, pathname.slice(1), "index.html");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pageHtml(template, pathname, page, criticalCss, authDialogHtml, loader));
  }

  // The server answers paths outside this list with a 404 status (the app shows the not-found page).
  writeFileSync(
    path.join(distDir, "routes.json"),
    `${JSON.stringify({ paths: entry.clientRoutePaths }, null, 2)}\n`,
  );
  // What the server's Content-Security-Policy must allow beyond its own origin.
  writeFileSync(
    path.join(distDir, "security.json"),
    `${JSON.stringify({ frameOrigins: entry.frameOrigins }, null, 2)}\n`,
  );
  writeFileSync(path.join(distDir, "sitemap.xml"), sitemap(entry.publicPaths));
  writeFileSync(path.join(distDir, "robots.txt"), robots());
  rmSync(ssrDir, { recursive: true, force: true });
  if (!quiet) {
    console.info(
      `Prerendered ${entry.publicPaths.length} pages, sitemap.xml and robots.txt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} catch (error) {
  // A failed prerender must not leave a fresh-looking dist/index.html behind (scripts/web-build.mjs
  // compares its age with the sources): remove it so the next start builds again.
  rmSync(path.join(distDir, "index.html"), { force: true });
  throw error;
}
