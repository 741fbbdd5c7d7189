// `npm run bench [name...]`: measures and prints. Not a test: nothing here passes or fails.
//   startup  time from spawning the built server to its first healthy /api/health (new and existing data folder)
//   build    web build time
//   bundle   JavaScript each public page loads before interaction, gzip (real Chromium page loads)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureWebBuild, root } from "./web-build.mjs";

const wanted = process.argv.slice(2);
const run = (name) => wanted.length === 0 || wanted.includes(name);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: "ignore",
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    url,
    ms,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

ensureWebBuild({ quiet: true });

if (run("build")) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build"],
      {
        cwd: path.join(root, "apps/web"),
        stdio: "ignore",
      },
    );
    if (result.status !== 0) throw new Error("build failed");
    times.push(performance.now() - started);
  }
  console.info(
    `build: web build ${(median(times) / 1000).toFixed(2)} s (median of 3: ${times.map((t) => (t / 1000).toFixed(2)).join(", ")})`,
  );
}

if (run("startup")) {
  const fresh = [];
  const existing = [];
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), "sightline-bench-"));
    const first = await startServer(dir);
    fresh.push(first.ms);
    await first.stop();
    const second = await startServer(dir);
    existing.push(second.ms);
    await second.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const fmt = (v) => `${Math.round(median(v))} ms (runs: ${v.map(Math.round).join(", ")})`;
  console.info(`startup: to first healthy response, new data folder ${fmt(fresh)}`);
  console.info(`startup: to first healthy response, existing data folder ${fmt(existing)}`);
}

if (run("bundle")) {
  const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
    (p) => p && existsSync(p),
  );
  if (!chromiumPath) {
    console.info("bundle: skipped (no Chromium; apt-get install chromium)");
  } else {
    const { chromium } = await import("playwright-core");
    const dir = mkdtempSync(path.join(tmpdir(), "sightline-bench-"));
    const server = await startServer(dir);
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const routes = process.env.BENCH_ROUTES?.split(",") ?? ["/"];
    for (const route of routes) {
      const page = await browser.newPage();
      const scripts = new Map();
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        const body = await response.body().catch(() => undefined);
        if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      console.info(
        `bundle: ${route} loads ${(total / 1024).toFixed(1)} KB of JavaScript (gzip) in ${scripts.size} files before interaction`,
      );
      await page.close();
    }
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
