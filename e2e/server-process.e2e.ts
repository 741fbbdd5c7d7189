import { createDb, getAppSetting } from "@sightline/db";
import { createScratchPostgresDatabase } from "@sightline/db/testing";
import { describe, expect, it } from "vitest";
import {
  freePort,
  makeDataDir,
  spawnServer,
  startServer,
  waitForExit,
  waitForHealthy,
} from "./support/server.ts";

async function readInstallationId(dataDir: string) {
  const database = await createDb({ dataDir });
  try {
    return await getAppSetting<string>(database.db, "installation_id");
  } finally {
    await database.close();
  }
}

describe("the server process", () => {
  it("keeps its data across a restart", async () => {
    const data = makeDataDir();
    try {
      const first = await startServer({ dataDir: data.dir });
      await first.stop();
      const written = await readInstallationId(data.dir);
      expect(written).toMatch(/^[0-9a-f-]{36}$/);

      const second = await startServer({ dataDir: data.dir });
      await second.stop();
      await expect(readInstallationId(data.dir)).resolves.toBe(written);
    } finally {
      data.remove();
    }
  });

  it("refuses a second process on the same data folder", async () => {
    const server = await startServer();
    try {
      const child = spawnServer({ PORT: String(await freePort()), DATA_DIR: server.dataDir });
      let output = "";
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      await expect(waitForExit(child)).resolves.toBe(1);
      expect(output).toContain("The data folder is in use by another Sightline process");
    } finally {
      await server.stop();
    }
  });

  it("stops cleanly on SIGTERM within 10 seconds", async () => {
    const server = await startServer();
    const started = Date.now();
    await expect(server.stop()).resolves.toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ["PORT", "abc", "PORT: must be a number"],
    ["DATABASE_URL", "mysql://x", "DATABASE_URL: must be a postgres://"],
    ["LOG_LEVEL", "loud", "LOG_LEVEL: must be one of"],
    ["PUBLIC_URL", "not a url", "PUBLIC_URL: must be an absolute http(s) URL"],
  ])("stops start-up on a malformed %s", async (name, value, message) => {
    const data = makeDataDir();
    try {
      const child = spawnServer({ DATA_DIR: data.dir, PORT: "0", [name]: value });
      let output = "";
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      await expect(waitForExit(child)).resolves.toBe(1);
      expect(output).toContain(message);
    } finally {
      data.remove();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "two instances starting together against one PostgreSQL both become healthy",
    async () => {
      const scratch = await createScratchPostgresDatabase();
      const data = [makeDataDir(), makeDataDir()];
      const ports = [await freePort(), await freePort()];
      const children = ports.map((port, i) =>
        spawnServer({
          PORT: String(port),
          DATA_DIR: data[i]!.dir,
          DATABASE_URL: scratch.url,
          AUTH_SECRET: "e2e-shared-secret-e2e-shared-secret-0123",
          ENCRYPTION_KEYS: `e2e:${Buffer.alloc(32, 7).toString("base64")}`,
        }),
      );
      try {
        await Promise.all(
          ports.map((port, i) => waitForHealthy(`http://127.0.0.1:${port}`, 60_000, children[i])),
        );
        for (const port of ports) {
          const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
          expect(health).toMatchObject({ status: "ok", db: "postgres" });
        }
      } finally {
        for (const child of children) child.kill("SIGTERM");
        await Promise.all(children.map(waitForExit));
        for (const d of data) d.remove();
        await scratch.drop();
      }
    },
  );
});
