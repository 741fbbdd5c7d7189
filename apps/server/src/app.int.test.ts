import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, cutOffDatabase, type TestApp } from "./testing/create-test-app.ts";

let dist: string;
let testApp: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "sightline-dist-"));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, "features/overview"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "<html><body>prerendered landing</body></html>");
  writeFileSync(path.join(dist, "app-shell.html"), "<html><body>app shell</body></html>");
  writeFileSync(path.join(dist, "features/overview/index.html"), "<html>prerendered</html>");
  writeFileSync(path.join(dist, "assets/main-abc123.js"), "console.info('hi')");
  writeFileSync(
    path.join(dist, "assets/big-abc123.js"),
    "console.info('a big chunk');\n".repeat(200),
  );
  writeFileSync(path.join(dist, "robots.txt"), "User-agent: *");
  writeFileSync(
    path.join(dist, "routes.json"),
    JSON.stringify({ paths: ["/", "/features/overview", "/dashboard", "/posts/:id"] }),
  );
  testApp = await createTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await testApp?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe(`GET /api/health on ${testEngine()}`, () => {
  it("reports ok with the engine and version", async () => {
    const response = await testApp.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      db: testEngine(),
      version: "0.0.0-test",
    });
  });
});

describe("serving the web app", () => {
  it("serves hashed assets with a long immutable cache", async () => {
    const response = await testApp.app.request("/assets/main-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("text/javascript");
  });

  it("gzips text files of 1 KB and more for browsers that accept it, the same bytes each time, anew when the file changes", async () => {
    const file = path.join(dist, "assets/big-abc123.js");
    const text = "console.info('a big chunk');\n".repeat(200);
    const gzipped = async () => {
      const response = await testApp.app.request("/assets/big-abc123.js", {
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      return Buffer.from(await response.arrayBuffer());
    };
    const first = await gzipped();
    expect(first.length).toBeLessThan(text.length / 10);
    expect(gunzipSync(first).toString()).toBe(text);
    expect((await gzipped()).equals(first)).toBe(true);

    // Without gzip (or with q=0), the plain bytes.
    for (const headers of [{}, { "accept-encoding": "gzip;q=0, identity" }]) {
      const plain = await testApp.app.request("/assets/big-abc123.js", { headers });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(text);
    }
    // A small file is sent as it is.
    const small = await testApp.app.request("/assets/main-abc123.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(small.headers.get("content-encoding")).toBeNull();

    // A rebuilt file (a new modification time) is compressed again, not served from before.
    const changed = "console.info('rebuilt');\n".repeat(200);
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(gunzipSync(await gzipped()).toString()).toBe(changed);
  });

  it("serves HTML with no-cache, prerendered pages where they exist, the app shell elsewhere", async () => {
    const prerendered = await testApp.app.request("/features/overview");
    expect(await prerendered.text()).toBe("<html>prerendered</html>");
    expect(prerendered.headers.get("cache-control")).toBe("no-cache");

    expect(await (await testApp.app.request("/")).text()).toContain("prerendered landing");
    const clientRoute = await testApp.app.request("/dashboard");
    expect(clientRoute.status).toBe(200);
    expect(await clientRoute.text()).toContain("app shell");
    expect(clientRoute.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers paths the app has no route for with the app and a 404 status", async () => {
    const unknown = await testApp.app.request("/no/such/page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("app shell");
    expect((await testApp.app.request("/posts/123")).status).toBe(200);
    expect((await testApp.app.request("/dashboard/")).status).toBe(200);
  });

  it("answers a missing file with 404 and never leaves the build folder", async () => {
    expect((await testApp.app.request("/assets/missing.js")).status).toBe(404);
    const traversal = await testApp.app.request("/..%2f..%2fetc%2fpasswd");
    expect(await traversal.text()).not.toContain("root:");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const response = await testApp.app.request("/api/unknown");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });
});

describe("when the database stops answering", () => {
  it("answers /api/health with 503", async () => {
    const separate = await createTestApp();
    await cutOffDatabase(separate);
    const response = await separate.app.request("/api/health");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { status: string }).status).toBe("unavailable");
    await separate.queue.stop().catch(() => {});
    await separate.events.close();
  });
});
