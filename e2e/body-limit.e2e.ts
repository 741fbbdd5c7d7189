import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Resident memory and its peak (kB) of the server process, from /proc. */
function memoryKb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

/** POSTs `totalBytes` of JSON-looking data in 64 KB chunks; resolves with the status. */
function postLarge(path: string, totalBytes: number, declareLength: boolean): Promise<number> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        ...(declareLength ? { "content-length": String(totalBytes) } : {}),
      },
    });
    req.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => {
      // The server may close the connection once it has answered.
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET" && !req.destroyed) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    req.write('{"name":"');
    pump();
  });
}

describe("body limits in the real server process (issue 8, point 3)", () => {
  it("answers 413 to 100 MB bodies without holding them in the server's memory", async () => {
    const pid = server.process.pid!;
    // Warm up the routes so that lazily loaded code does not count as growth.
    await postLarge("/api/support/requests", 100 * 1024, true);
    await postLarge("/api/auth/sign-up/email", 100 * 1024, false);
    const before = memoryKb(pid);
    // VmHWM is set by start-up; sample the resident size while the bodies flow instead.
    let maxRss = before.rss;
    const sampler = setInterval(() => {
      maxRss = Math.max(maxRss, memoryKb(pid).rss);
    }, 20);

    try {
      for (const path of ["/api/support/requests", "/api/auth/sign-up/email", "/api/me"]) {
        expect(await postLarge(path, 100 * 1024 * 1024, true), `${path} declared`).toBe(413);
        expect(await postLarge(path, 100 * 1024 * 1024, false), `${path} chunked`).toBe(413);
      }
    } finally {
      clearInterval(sampler);
    }
    const after = memoryKb(pid);
    maxRss = Math.max(maxRss, after.rss);
    const growthMb = (maxRss - before.rss) / 1024;
    console.info(
      `server memory: rss ${before.rss} kB before, ${maxRss} kB at most while receiving (+${growthMb.toFixed(1)} MB), ${after.rss} kB after`,
    );
    // A server that buffered a body would grow by 100 MB or more; the margin is for what the
    // server does meanwhile (its jobs, the collector running late on a loaded machine: 11 and
    // 33 MB seen in CI; under 8 MB in earlier runs).
    expect(growthMb).toBeLessThan(64);
  }, 120_000);
});
