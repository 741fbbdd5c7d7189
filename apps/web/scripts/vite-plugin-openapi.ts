import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(webDir, "../..");
const command = path.join(root, "apps/server/src/commands/print-openapi.ts");
const cacheFile = path.join(webDir, "node_modules/.cache/sightline-openapi/openapi.json");
const virtualId = "virtual:sightline/openapi";

/**
 * The server's /api/v1 OpenAPI document, asked of the server's own generator once per build
 * (decision 035): the build runs its command (`apps/server/src/commands/print-openapi.ts`) in a
 * child process, so /developers is prerendered from the very document
 * `GET /api/v1/openapi.json` serves, and no server code is bundled into the web app. The client
 * and prerender builds of one `npm run build` share the answer through an environment variable.
 */
function readDocument(): string {
  const cached = process.env.SIGHTLINE_OPENAPI_FILE;
  if (cached) return readFileSync(cached, "utf8");
  const result = spawnSync(process.execPath, ["--import", "tsx", command], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`The OpenAPI document could not be made:\n${result.stderr}`);
  }
  if (result.stderr) process.stderr.write(result.stderr);
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, result.stdout);
  process.env.SIGHTLINE_OPENAPI_FILE = cacheFile;
  return result.stdout;
}

/** `import document from "virtual:sightline/openapi"` gives the parsed document. */
export function openApiDocument(): Plugin {
  return {
    name: "sightline:openapi",
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      const json = readDocument().trim();
      JSON.parse(json);
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null };
    },
  };
}
