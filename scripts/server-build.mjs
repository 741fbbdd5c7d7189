// The production server bundle: apps/server/src/index.ts, the workspace packages and the npm
// packages it imports, compiled by esbuild into one ES module, apps/server/dist/index.mjs, so
// `npm start` runs JavaScript instead of compiling TypeScript with tsx at every start, and loads
// one file instead of a few thousand (issue 27; docs/decisions/025-fast-start.md).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./web-build.mjs";

export const serverDir = path.join(root, "apps/server");
export const serverBundle = path.join(serverDir, "dist/index.mjs");
const stampFile = path.join(serverDir, "dist/build-stamp.json");
const templateMaker = path.join(serverDir, "dist/make-pglite-template.mjs");

/** What the bundle is made of: a change in any of them makes it stale. */
const sources = [
  "apps/server/src",
  "apps/server/package.json",
  "apps/instagram-sandbox/src",
  "apps/instagram-sandbox/package.json",
  "packages",
  "package-lock.json",
  "scripts/server-build.mjs",
];

function listFiles(target, out = []) {
  if (!existsSync(target)) return out;
  const stat = statSync(target);
  if (!stat.isDirectory()) {
    out.push(target);
    return out;
  }
  for (const name of readdirSync(target)) {
    // packages/*/node_modules (workspace-local installs) are not sources.
    if (name === "node_modules" || name === "dist") continue;
    listFiles(path.join(target, name), out);
  }
  return out;
}

/**
 * A fingerprint of the sources: every file's path, size and modification time. Cheap (no file is
 * read) and exact enough: an edit, an added or a removed file, a checkout, all change it.
 */
export function serverSourcesStamp() {
  const hash = createHash("sha256");
  for (const source of sources) {
    for (const file of listFiles(path.join(root, source)).sort()) {
      const stat = statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

export function serverBuildIsFresh(stamp = serverSourcesStamp()) {
  if (!existsSync(serverBundle) || !existsSync(stampFile)) return false;
  try {
    return JSON.parse(readFileSync(stampFile, "utf8")).stamp === stamp;
  } catch {
    return false;
  }
}

/**
 * npm packages that stay imports of node_modules, because they find files of their own next to
 * their code (PGlite's WebAssembly and data bundle, pino's transport worker and pino-pretty,
 * heic-convert's libheif, which only the HEIC worker thread loads), or because of tracing
 * (decision 031): the OpenTelemetry SDK and instrumentations, imported only when tracing is on
 * (their instrumentations hook `require`, which a bundled copy never goes through), and `pg`,
 * whose classes the pg instrumentation patches in node_modules' copy. Everything else is bundled
 * (Better Auth's own use of @opentelemetry/api and semantic-conventions included).
 */
export const externalPackages = [
  "@electric-sql/pglite",
  "pino",
  "pino-pretty",
  "heic-convert",
  "pg",
  // pdfkit loads its standard fonts (#standard-fonts/…) with a require beside its own code.
  "pdfkit",
  "@opentelemetry/sdk-node",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/instrumentation-http",
  "@opentelemetry/instrumentation-undici",
  "@opentelemetry/instrumentation-pg",
];

const keepExternal = {
  name: "keep-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const external =
        args.path.startsWith("node:") ||
        externalPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return external ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * `import.meta.url` in a workspace source file means that file's own address (the migrations
 * folder next to packages/db/src, the web app's dist, the HEIC worker script, the root
 * package.json): rewritten to that file's path relative to the bundle, so every such lookup
 * finds what it found under tsx, and the checkout can still be moved as a whole.
 */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return { contents: text, loader: "ts" };
      const relative = path
        .relative(path.dirname(serverBundle), args.path)
        .split(path.sep)
        .join("/");
      const replaced = text.replaceAll(
        "import.meta.url",
        `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
      );
      return { contents: replaced, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

/** Builds the bundle (esbuild, about a second) and records the sources' stamp it was built from. */
export async function buildServer({ stamp = serverSourcesStamp() } = {}) {
  const { build } = await import("esbuild");
  const started = Date.now();
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  try {
    await build({
      entryPoints: {
        index: path.join(serverDir, "src/index.ts"),
        // Run after the build (makePgliteTemplate below), not by the server.
        "make-pglite-template": path.join(root, "packages/db/src/make-pglite-template.ts"),
      },
      outdir: path.dirname(serverBundle),
      outExtension: { ".js": ".mjs" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      // Stack traces can point at the TypeScript sources (node --enable-source-maps).
      sourcemap: "linked",
      sourcesContent: false,
      logLevel: "error",
      plugins: [keepExternal, ownImportMetaUrl],
      // Bundled CommonJS packages call require() for Node's built-ins.
      banner: {
        js: [
          "// Built by scripts/server-build.mjs from apps/server/src; do not edit.",
          'import { createRequire as __sightlineCreateRequire } from "node:module";',
          "const require = __sightlineCreateRequire(import.meta.url);",
        ].join("\n"),
      },
    });
  } catch {
    // esbuild has printed what is wrong.
    throw new Error("The server build failed (see above).");
  }
  writeFileSync(stampFile, `${JSON.stringify({ stamp, builtAt: new Date().toISOString() })}\n`);
  return { built: true, ms: Date.now() - started };
}

const hasPgliteTemplate = () =>
  readdirSync(path.join(root, "packages/db"), { withFileTypes: true }).some(
    (entry) =>
      entry.name === "dist" &&
      readdirSync(path.join(root, "packages/db/dist")).some((name) =>
        /^pglite-.*\.tar$/.test(name),
      ),
  );

/**
 * The migrated database template a new embedded data folder starts from
 * (packages/db/src/pglite-template.ts), made with the project's Node in a child process; it does
 * nothing when the template for the current migrations and PGlite exists.
 */
export function makePgliteTemplate({ quiet = false } = {}) {
  if (!quiet) console.info("Preparing the embedded database's template (initdb and migrations)...");
  const script = `const { makePgliteTemplate } = await import(${JSON.stringify(pathToFileURL(templateMaker).href)}); await makePgliteTemplate();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stderr ?? "");
    throw new Error("Making the database template failed (see above).");
  }
}

/**
 * Builds the server bundle when it is missing or older than its sources (the migrations among
 * them), and then the database template when the bundle was rebuilt or no template exists.
 */
export async function ensureServerBuild({ quiet = false } = {}) {
  const stamp = serverSourcesStamp();
  if (serverBuildIsFresh(stamp)) {
    if (!hasPgliteTemplate()) makePgliteTemplate({ quiet });
    return { built: false, ms: 0 };
  }
  if (!quiet) console.info("Building the server (it is missing or older than its sources)...");
  const result = await buildServer({ stamp });
  makePgliteTemplate({ quiet });
  return result;
}

/** The bundle's address, for `import()`. */
export const serverBundleUrl = pathToFileURL(serverBundle).href;

/**
 * Node's compile cache for the bundle (29 MB of JavaScript): V8's compiled code kept on disk and
 * reused while the bundle is unchanged, which takes ~0.2-0.3 s off each start after the first
 * (`npm run bench startup`). `npm start` turns it on before importing the bundle; the browser
 * tests and the benchmarks spawn the bundle with NODE_COMPILE_CACHE set to the same folder.
 */
export const compileCacheDir = path.join(root, "node_modules/.cache/sightline-compile");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ms } = await buildServer();
  console.info(`Built ${path.relative(root, serverBundle)} in ${ms} ms`);
  makePgliteTemplate();
}
