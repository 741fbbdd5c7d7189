import { describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox.ts";
import { createRig, ORIGIN } from "./test-rig.ts";

const url = (path: string) => `${ORIGIN}/sandbox/_control${path}`;

describe("control routes are closed to strangers (issue 8, point 1)", () => {
  it("require the per-process token in every mode, and the token differs per sandbox", async () => {
    const rig = createRig();
    expect(rig.sandbox.controlToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const other = createSandbox({
      publicOrigin: ORIGIN,
      appId: "1",
      appSecret: "s",
      tickIntervalMs: false,
    });
    expect(other.controlToken).not.toBe(rig.sandbox.controlToken);
    for (const [method, path] of [
      ["GET", "/state"],
      ["POST", "/reset"],
      ["POST", "/tokens"],
    ] as const) {
      const response = await rig.fetch(url(path), {
        method,
        headers: { "content-type": "application/json" },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
      expect(response.status, path).toBe(403);
    }
    const wrong = await rig.fetch(url("/state"), {
      headers: { "x-sandbox-control-token": "guess" },
    });
    expect(wrong.status).toBe(403);
    expect((await rig.control("/state")).status).toBe(200);
  });

  it("refuse another origin and a cross-site fetch even with the token", async () => {
    const rig = createRig();
    const token = rig.sandbox.controlToken;
    for (const headers of [
      { origin: "http://attacker.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      const response = await rig.fetch(url("/reset"), {
        method: "POST",
        headers: {
          ...headers,
          "x-sandbox-control-token": token,
          "content-type": "application/json",
        },
        body: "{}",
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const same = await rig.fetch(url("/reset"), {
      method: "POST",
      headers: {
        origin: ORIGIN,
        "x-sandbox-control-token": token,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(same.status).toBe(200);
  });

  it("accept JSON bodies only (no text/plain or form bodies)", async () => {
    const rig = createRig();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await rig.fetch(url("/tokens"), {
        method: "POST",
        headers: { "x-sandbox-control-token": rig.sandbox.controlToken, "content-type": type },
        body: JSON.stringify({ username: "lena.makes", login: "instagram" }),
      });
      expect(response.status, type).toBe(415);
    }
  });

  it("have no route that fetches a caller-given URL", async () => {
    const fetched: string[] = [];
    const rig = createRig({
      external: (target) => {
        fetched.push(target);
        return new Response("internal secrets");
      },
    });
    const result = await rig.control("/signed-request", {
      username: "lena.makes",
      url: "http://169.254.169.254/latest/meta-data",
    });
    expect(result.status).toBe(404);
    expect(fetched).toEqual([]);
  });

  it("take fault patterns as capped globs, never as regular expressions", async () => {
    const rig = createRig();
    const regex = await rig.control("/faults", { pathRegex: "^(a+)+$", status: 500 });
    expect(regex.status).toBe(400);
    const long = await rig.control("/faults", { pathGlob: `/${"*a".repeat(200)}`, status: 500 });
    expect(long.status).toBe(400);
    // A pattern that is catastrophic as a regular expression is a plain, fast glob here.
    const evil = await rig.control("/faults", { pathGlob: "*a*a*a*a*a*a*a*a*a*a*b", status: 500 });
    expect(evil.status).toBe(201);
    const started = performance.now();
    await rig
      .igAccount()
      .getProfile()
      .catch(() => undefined);
    expect(performance.now() - started).toBeLessThan(1000);
    await rig.control("/faults", { pathGlob: "*/media_publish", status: 503, times: 1 });
    expect((await rig.control("/state")).json.faults).toEqual(
      expect.arrayContaining([expect.objectContaining({ pathGlob: "*/media_publish" })]),
    );
  });
});
