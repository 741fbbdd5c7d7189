import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** apps/web/src on disk. */
const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The web app's source files whose path (relative to apps/web/src, with "/") passes `keep`, as
 * text by that path: for the tests that check a rule over every file. Read from disk:
 * `import.meta.glob` with `?raw` sent each of ~600 files through Vite's pipeline before the test
 * began (4-5 s of import each time; decision 020).
 */
export function webSources(keep: (file: string) => boolean): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const file = entry.split(path.sep).join("/");
    if (keep(file)) sources.set(file, readFileSync(path.join(root, entry), "utf8"));
  }
  return sources;
}

/** A test file of the web app (`*.test.ts` or `*.test.tsx`). */
export const isTestFile = (file: string): boolean => /\.test\.tsx?$/.test(file);
