import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIpResolver } from "./app.ts";
import { readEnv } from "./env.ts";
import type { AppEnv } from "./lib/app-types.ts";

async function resolve(
  resolver: ReturnType<typeof clientIpResolver>,
  forwarded?: string,
  socket?: string,
) {
  const app = new Hono<AppEnv>().get("/", (c) => c.text(resolver(c)));
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  const response = await app.request(
    "/",
    { headers: forwarded ? { "x-forwarded-for": forwarded } : {} },
    env,
  );
  return response.text();
}

describe("clientIpResolver (issue 8, point 2)", () => {
  it("without TRUST_PROXY uses the socket and ignores X-Forwarded-For", async () => {
    expect(await resolve(clientIpResolver(false), "1.1.1.1", "192.0.2.5")).toBe("192.0.2.5");
  });

  it("behind one proxy takes the rightmost entry, never what the client wrote", async () => {
    const oneHop = clientIpResolver(true, 1);
    expect(await resolve(oneHop, "6.6.6.6, 203.0.113.7", "10.0.0.2")).toBe("203.0.113.7");
    expect(await resolve(oneHop, "203.0.113.7", "10.0.0.2")).toBe("203.0.113.7");
  });

  it("behind N proxies takes the N-th entry from the right; too few entries fall back to the socket", async () => {
    const twoHops = clientIpResolver(true, 2);
    expect(await resolve(twoHops, "6.6.6.6, 203.0.113.7, 10.0.0.9", "10.0.0.2")).toBe(
      "203.0.113.7",
    );
    expect(await resolve(twoHops, "203.0.113.7", "10.0.0.2")).toBe("10.0.0.2");
  });

  it("reads TRUST_PROXY_HOPS (default 1, whole numbers 1-10)", () => {
    expect(readEnv({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(readEnv({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" }).trustProxyHops).toBe(2);
    expect(() => readEnv({ TRUST_PROXY_HOPS: "0" })).toThrow(
      /TRUST_PROXY_HOPS: must be at least 1/,
    );
  });
});
