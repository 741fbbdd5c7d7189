import { describe, expect, it } from "vitest";
import { metricsRoutes, tokenMatches } from "./metrics-routes.ts";

describe("tokenMatches", () => {
  it("matches only the same token, whatever the lengths", () => {
    const token = "t".repeat(40);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches(token.slice(1), token)).toBe(false);
    expect(tokenMatches("", token)).toBe(false);
  });
});

describe("metricsRoutes", () => {
  const render = async () => ({ contentType: "text/plain", body: "sightline_up 1\n" });

  it("does not exist without a token, and wants it as a Bearer credential with one", async () => {
    const off = metricsRoutes({ token: undefined, render });
    expect((await off.request("/", { headers: { authorization: "Bearer x" } })).status).toBe(404);
    const on = metricsRoutes({ token: "s".repeat(40), render });
    expect((await on.request("/")).status).toBe(401);
    const wrong = await on.request("/", { headers: { authorization: `Bearer ${"s".repeat(39)}` } });
    expect(wrong.status).toBe(401);
    const right = await on.request("/", { headers: { authorization: `bearer ${"s".repeat(40)}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("sightline_up 1\n");
  });
});
