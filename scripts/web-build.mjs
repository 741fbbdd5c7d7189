import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "apps/web");
const builtIndex = path.join(webDir, "dist/index.html");

/** What the web build depends on; a newer file than the build means it is stale. */
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/web/scripts",
  "packages/contracts/src",
  // /developers is prerendered from the server's OpenAPI document of /api/v1 (decision 035).
  "apps/server/src/features/public-api",
  "apps/server/src/lib/route-docs.ts",
  "apps/server/src/lib/validate.ts",
  "package-lock.json",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function webBuildIsFresh() {
  if (!existsSync(builtIndex)) return false;
  const built = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestMtime(path.join(root, source)) <= built);
}

/**
 * The web workspace's `npm run build` (apps/web/scripts/build.mjs: Vite build, then every public
 * route prerendered), run directly with this Node so the pinned version is used.
 */
export function webBuildCommand(quiet = false) {
  return [path.join(webDir, "scripts/build.mjs"), ...(quiet ? ["--quiet"] : [])];
}

/** Builds the web app with the project's own Node when the build is missing or stale. */
export function ensureWebBuild({ quiet = false } = {}) {
  if (webBuildIsFresh()) return { built: false, ms: 0 };
  if (!quiet) console.info("Building the web app (it is missing or older than its sources)...");
  const started = Date.now();
  const result = spawnSync(process.execPath, webBuildCommand(quiet), {
    cwd: webDir,
    stdio: quiet ? "pipe" : "inherit",
    env: process.env,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stderr ?? "");
    throw new Error("The web build failed (see above).");
  }
  return { built: true, ms: Date.now() - started };
}
