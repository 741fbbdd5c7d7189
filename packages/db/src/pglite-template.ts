import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { migrationsHash } from "./migrate.ts";

/*
 * A new embedded database starts from a template (issue 27, decision 025): an empty data folder
 * with every migration applied, kept as a tarball that `npm run build` (and `npm start` when it
 * is missing) makes once with make-pglite-template.ts. Loading it takes well under a second;
 * PGlite's initdb and the migrations take about five seconds of CPU. Its name carries a hash of
 * the migrations and of PGlite's version, so a stale template is never used: without a matching
 * one a new data folder is made by initdb and migrated, as before.
 */

function pgliteVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    return readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8");
  } catch {
    return "pglite-unknown";
  }
}

/** `packages/db/dist/pglite-<hash>.tar` for these migrations and this PGlite. */
export function pgliteTemplateFile(migrationsFolder: string): string {
  const hash = createHash("sha256")
    .update(migrationsHash(migrationsFolder))
    .update(pgliteVersion())
    .digest("hex")
    .slice(0, 16);
  return path.join(migrationsFolder, "..", "dist", `pglite-${hash}.tar`);
}

/** The template for these migrations, or undefined when none has been made. */
export function readPgliteTemplate(migrationsFolder: string): Blob | undefined {
  try {
    return new Blob([readFileSync(pgliteTemplateFile(migrationsFolder))]);
  } catch {
    return undefined;
  }
}
