import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip, constants as zlibConstants } from "node:zlib";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { documentPolicy, inlineHashes } from "../../middleware/security-headers.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".csv": "text/csv; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
};

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sightline</title></head>
<body style="font-family:system-ui;padding:3rem"><h1>The web app is not built yet</h1>
<p>Run <code>npm start</code> (it builds when needed) or <code>npm run build</code>.</p></body></html>`;

/** The build's list of the app's routes (`:param` segments allowed); undefined on older builds. */
function loadKnownRoutes(file: string): ((urlPath: string) => boolean) | undefined {
  if (!existsSync(file)) return undefined;
  const { paths } = JSON.parse(readFileSync(file, "utf8")) as { paths: string[] };
  const patterns = paths.map(
    (route) =>
      new RegExp(
        `^${route
          .split("/")
          .map((segment) =>
            segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
          )
          .join("/")}/?$`,
      ),
  );
  return (urlPath) => patterns.some((pattern) => pattern.test(urlPath));
}

/** Text types worth compressing (images and fonts are compressed already). */
const compressible = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".txt",
  ".xml",
  ".svg",
  ".webmanifest",
  ".csv",
  ".md",
]);
const gzipAsync = promisify(gzip) as (
  body: Buffer,
  options: { level: number },
) => Promise<Buffer<ArrayBuffer>>;

/** Whether the request's Accept-Encoding allows gzip (absent, or q=0, means it does not). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

interface FoundFile {
  file: string;
  immutable: boolean;
}

/**
 * Serves the built web app: hashed assets with a long cache, HTML with no-cache, a prerendered
 * page when the build has one for the path, and the app shell for every other client route.
 */
export function createWebHandler(distDir: string, options: { https?: boolean } = {}) {
  const root = path.resolve(distDir);
  const policies = new Map<string, string>();
  /** The page's Content-Security-Policy: its inline blocks' hashes and the build's frame origins. */
  function policyFor(file: string, html: string): string {
    const key = `${file}:${statSync(file).mtimeMs}`;
    let policy = policies.get(key);
    if (!policy) {
      const securityFile = path.join(root, "security.json");
      const { frameOrigins = [] } = existsSync(securityFile)
        ? (JSON.parse(readFileSync(securityFile, "utf8")) as { frameOrigins?: string[] })
        : {};
      policy = documentPolicy({
        ...inlineHashes(html),
        frameOrigins,
        https: Boolean(options.https),
      });
      policies.set(key, policy);
    }
    return policy;
  }
  const indexFile = path.join(root, "index.html");
  // The build prerenders the landing page into index.html; client-rendered routes get the
  // shell with the 'Loading...' fallback instead (older builds have no shell).
  const shellFile = path.join(root, "app-shell.html");
  const knownRoutes = loadKnownRoutes(path.join(root, "routes.json"));

  function resolve(urlPath: string): FoundFile | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    const target = path.resolve(root, `.${path.posix.normalize(decoded)}`);
    if (target !== root && !target.startsWith(root + path.sep)) return undefined;
    const candidates = path.extname(target) ? [target] : [path.join(target, "index.html")];
    for (const file of candidates) {
      if (existsSync(file) && statSync(file).isFile()) {
        return { file, immutable: file.startsWith(path.join(root, "assets") + path.sep) };
      }
    }
    return undefined;
  }

  /**
   * Each file's gzip, made once per version of the file (its mtime) at the highest level and
   * kept: compressing per request cost 13-29 ms of CPU for the React chunk alone, and a page's
   * first load asks for a dozen chunks at once (issue 24 point 6).
   */
  const gzipped = new Map<string, { mtimeMs: number; body: Promise<Buffer<ArrayBuffer>> }>();
  function gzipOf(file: string, body: Buffer): Promise<Buffer<ArrayBuffer>> {
    const mtimeMs = statSync(file).mtimeMs;
    const cached = gzipped.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.body;
    const made = gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION });
    gzipped.set(file, { mtimeMs, body: made });
    made.catch(() => gzipped.delete(file));
    return made;
  }

  return async function serveWeb(c: Context<AppEnv>) {
    if (!existsSync(indexFile)) return c.html(notBuiltPage, 503);
    const found = resolve(c.req.path);
    if (!found && path.extname(c.req.path)) {
      return c.text("Not found", 404);
    }
    const file = found?.file ?? (existsSync(shellFile) ? shellFile : indexFile);
    // A path the app has no route for still gets the app (which shows the not-found page),
    // but with the status that tells browsers and crawlers the truth.
    const status = found || !knownRoutes || knownRoutes(c.req.path) ? 200 : 404;
    const body = await readFile(file);
    const type = contentTypes[path.extname(file)] ?? "application/octet-stream";
    c.header("Content-Type", type);
    c.header("X-Content-Type-Options", "nosniff");
    if (path.extname(file) === ".html") {
      c.header("Content-Security-Policy", policyFor(file, body.toString("utf8")));
    }
    c.header(
      "Cache-Control",
      found?.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    );
    if (!compressible.has(path.extname(file)) || body.length < 1024) return c.body(body, status);
    c.header("Vary", "Accept-Encoding");
    if (c.req.method === "HEAD" || !acceptsGzip(c.req.header("Accept-Encoding"))) {
      return c.body(body, status);
    }
    c.header("Content-Encoding", "gzip");
    return c.body(await gzipOf(file, body), status);
  };
}
