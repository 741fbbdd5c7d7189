import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, migrationsFolder } from "./client.ts";
import { pgliteTemplateFile } from "./pglite-template.ts";
import { pgliteTemplate, testEngine } from "./testing/index.ts";

const root = mkdtempSync(path.join(tmpdir(), "sightline-pglite-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.runIf(testEngine() === "pglite")("a new embedded data folder", () => {
  it("starts from the template made for its migrations, and without one runs initdb", async () => {
    const folder = path.join(root, "db/migrations");
    cpSync(migrationsFolder, folder, { recursive: true });
    expect(pgliteTemplateFile(folder)).toMatch(/db\/dist\/pglite-[0-9a-f]{16}\.tar$/);

    // A template with a marker table, which only a folder made from it can have.
    const source = await createDb({
      memory: true,
      loadDataDir: await pgliteTemplate(),
      migrationsFolder: folder,
    });
    await source.pglite!.exec("create table template_marker (id integer)");
    const dump = await source.pglite!.dumpDataDir("none");
    await source.close();
    mkdirSync(path.dirname(pgliteTemplateFile(folder)), { recursive: true });
    writeFileSync(pgliteTemplateFile(folder), new Uint8Array(await dump.arrayBuffer()));

    const fromTemplate = await createDb({
      dataDir: path.join(root, "a"),
      migrationsFolder: folder,
    });
    expect(fromTemplate.migration?.ran).toBe(false);
    const marker = await fromTemplate.pglite!.query<{ present: boolean }>(
      "select to_regclass('public.template_marker') is not null as present",
    );
    expect(marker.rows[0]?.present).toBe(true);
    await fromTemplate.close();

    // Reopened: the folder's own files, not the template again.
    const reopened = await createDb({ dataDir: path.join(root, "a"), migrationsFolder: folder });
    await reopened.pglite!.exec("drop table template_marker");
    await reopened.close();
    const again = await createDb({ dataDir: path.join(root, "a"), migrationsFolder: folder });
    const gone = await again.pglite!.query<{ present: boolean }>(
      "select to_regclass('public.template_marker') is not null as present",
    );
    expect(gone.rows[0]?.present).toBe(false);
    await again.close();

    // Another migration: that template no longer matches, so a new folder is made by initdb.
    const template = pgliteTemplateFile(folder);
    writeFileSync(path.join(folder, "0000_init.sql"), "-- changed\n", { flag: "a" });
    expect(pgliteTemplateFile(folder)).not.toBe(template);
    const fresh = await createDb({ dataDir: path.join(root, "b"), migrationsFolder: folder });
    expect(fresh.migration?.ran).toBe(true);
    const none = await fresh.pglite!.query<{ present: boolean }>(
      "select to_regclass('public.template_marker') is not null as present",
    );
    expect(none.rows[0]?.present).toBe(false);
    await fresh.close();
  }, 180_000);
});
