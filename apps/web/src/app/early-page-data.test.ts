// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialOverviewPeriod } from "../features/analytics/api/overview-period.ts";
import { resetSelectedAccountForTests } from "../lib/account.ts";
import { api, unwrap } from "../lib/api-client.ts";
import { discardEarlyGets } from "../lib/early-gets.ts";
import { SESSION_STORAGE_KEY } from "../lib/session/session-storage-key.ts";
import { setOpenWorkspaceId } from "../lib/workspace.ts";
import { earlyPageRequests, requestPageDataEarly } from "./early-page-data.ts";

const here = (path: string) => new URL(path, window.location.origin);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("sightline.time-zone", "America/Sao_Paulo");
  setOpenWorkspaceId("11111111-1111-4111-8111-111111111111");
  resetSelectedAccountForTests();
});
afterEach(() => {
  discardEarlyGets();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("the page's early GETs", () => {
  it("are, on /dashboard, the addresses the API client asks for before the first chart", async () => {
    // The client's own requests for the same calls: any difference and nothing would be taken.
    const fetch = vi.fn(async (_url: string | URL, _init?: RequestInit) => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    await api.instagram.connection.$get();
    await api.workspaces.$get();
    await api.analytics.overview.$get({
      query: { ...initialOverviewPeriod, timezone: "America/Sao_Paulo" },
    });
    const asked = fetch.mock.calls.map(([url]) => {
      const { pathname, search } = here(String(url));
      return pathname + search;
    });
    expect(earlyPageRequests({ pathname: "/dashboard", search: "" })).toEqual(asked);
    expect(earlyPageRequests({ pathname: "/dashboard/", search: "?account=1" })).toEqual(asked);
  });

  it("leave the overview out for All accounts, and other pages alone", () => {
    expect(earlyPageRequests({ pathname: "/dashboard", search: "?view=all" })).toEqual([
      "/api/instagram/connection",
      "/api/workspaces",
    ]);
    expect(earlyPageRequests({ pathname: "/settings", search: "" })).toEqual([]);
    expect(earlyPageRequests({ pathname: "/", search: "" })).toEqual([]);
  });

  it("go out only for a tab with a stored session, and the client's GETs take them", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ connection: null })));
    vi.stubGlobal("fetch", fetch);
    window.history.replaceState(null, "", "/dashboard?account=17841400000000001");
    requestPageDataEarly();
    expect(fetch).not.toHaveBeenCalled();

    localStorage.setItem(SESSION_STORAGE_KEY, "{}");
    resetSelectedAccountForTests();
    requestPageDataEarly();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenCalledWith(
      "/api/instagram/connection",
      expect.objectContaining({
        headers: {
          "x-sightline-workspace": "11111111-1111-4111-8111-111111111111",
          "x-sightline-account": "17841400000000001",
        },
      }),
    );
    // The app's own GET of the connection is answered by the early one: no request of its own.
    await expect(unwrap(api.instagram.connection.$get())).resolves.toEqual({ connection: null });
    expect(fetch).toHaveBeenCalledTimes(3);
    // A second GET asks the server.
    await unwrap(api.instagram.connection.$get());
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
