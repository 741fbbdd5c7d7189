import { afterEach, describe, expect, it, vi } from "vitest";
import { discardEarlyGets, getEarly, MAX_AGE_MS, takeEarly } from "./early-gets.ts";

afterEach(() => discardEarlyGets());

const scope = { "x-sightline-workspace": "w1", "x-sightline-account": "17841400000000001" };

function answering(status: number) {
  return vi.fn(async () => new Response(JSON.stringify({ status }), { status }));
}

describe("early GETs", () => {
  it("hands the answer to the first GET of the same address, workspace and account, once", async () => {
    const fetch = answering(200);
    getEarly("/api/workspaces", scope, { fetch });
    getEarly("/api/workspaces", scope, { fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/workspaces", {
      method: "GET",
      credentials: "same-origin",
      headers: scope,
    });
    // The API client's own request: a Bearer token besides, a Headers object, an absolute URL.
    const taken = takeEarly("http://localhost:3000/api/workspaces", {
      method: "GET",
      headers: new Headers({ ...scope, Authorization: "Bearer t" }),
    });
    expect(await (await taken)?.json()).toEqual({ status: 200 });
    expect(takeEarly("/api/workspaces", { headers: scope })).toBeUndefined();
  });

  it("is not taken for another account, workspace, query or method", async () => {
    getEarly("/api/analytics/overview?days=28&timezone=UTC", scope, { fetch: answering(200) });
    const other = (name: string, value: string) => ({ headers: { ...scope, [name]: value } });
    expect(
      takeEarly("/api/analytics/overview?days=28&timezone=UTC", other("x-sightline-account", "2")),
    ).toBeUndefined();
    expect(
      takeEarly(
        "/api/analytics/overview?days=28&timezone=UTC",
        other("x-sightline-workspace", "w2"),
      ),
    ).toBeUndefined();
    expect(
      takeEarly("/api/analytics/overview?days=7&timezone=UTC", { headers: scope }),
    ).toBeUndefined();
    expect(
      takeEarly("/api/analytics/overview?days=28&timezone=UTC", { method: "POST", headers: scope }),
    ).toBeUndefined();
    // No account header on the early request: none on the taker's either.
    getEarly("/api/billing", {}, { fetch: answering(200) });
    expect(takeEarly("/api/billing", { headers: scope })).toBeUndefined();
  });

  it("gives nothing for a refusal, a failed request or an answer too old: the caller asks itself", async () => {
    getEarly("/api/workspaces", scope, { fetch: answering(401) });
    expect(await takeEarly("/api/workspaces", { headers: scope })).toBeUndefined();

    getEarly("/api/workspaces", scope, {
      fetch: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    });
    expect(await takeEarly("/api/workspaces", { headers: scope })).toBeUndefined();

    getEarly("/api/workspaces", scope, { fetch: answering(200), now: () => 1_000 });
    expect(
      takeEarly("/api/workspaces", { headers: scope }, () => 1_000 + MAX_AGE_MS + 1),
    ).toBeUndefined();
  });

  it("drops every answer when the session changes", () => {
    getEarly("/api/workspaces", scope, { fetch: answering(200) });
    getEarly("/api/instagram/connection", scope, { fetch: answering(200) });
    discardEarlyGets();
    expect(takeEarly("/api/workspaces", { headers: scope })).toBeUndefined();
    expect(takeEarly("/api/instagram/connection", { headers: scope })).toBeUndefined();
  });
});
