// @vitest-environment jsdom
import { WORKSPACE_HEADER } from "@sightline/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const overview = (id: string) => ({
  current: { id, name: "Lena's workspace", role: "owner", personal: true },
  workspaces: [{ id, name: "Lena's workspace", role: "owner", personal: true }],
});

function headerOf(call: unknown[]): string | null {
  const init = call[1] as RequestInit | undefined;
  return new Headers(init?.headers).get(WORKSPACE_HEADER);
}

describe("the open workspace", () => {
  it("names the stored workspace in the header of every API request, and none when unset", async () => {
    localStorage.setItem("sightline.workspace", "w-agency");
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const { api, unwrap } = await import("./api-client.ts");
    const { setOpenWorkspaceId } = await import("./workspace.ts");

    await unwrap(api.health.$get());
    expect(headerOf(fetchMock.mock.calls[0]!)).toBe("w-agency");

    setOpenWorkspaceId(null);
    await unwrap(api.health.$get());
    expect(headerOf(fetchMock.mock.calls[1]!)).toBeNull();
    expect(localStorage.getItem("sightline.workspace")).toBeNull();
  });

  it("adds ?workspace= where no header can be sent", async () => {
    const { setOpenWorkspaceId, withWorkspace } = await import("./workspace.ts");
    expect(withWorkspace("/api/realtime")).toBe("/api/realtime");
    setOpenWorkspaceId("w 1");
    expect(withWorkspace("/api/realtime")).toBe("/api/realtime?workspace=w%201");
    expect(withWorkspace("/api/realtime?lastEventId=3")).toBe(
      "/api/realtime?lastEventId=3&workspace=w%201",
    );
  });

  it("drops a stale stored id (404) and takes the server's current workspace instead", async () => {
    localStorage.setItem("sightline.workspace", "w-left");
    const fetchMock = vi.fn(async (_input: unknown, init?: RequestInit) =>
      new Headers(init?.headers).get(WORKSPACE_HEADER) === "w-left"
        ? new Response(JSON.stringify({ error: { code: "not_found", message: "Not found." } }), {
            status: 404,
          })
        : new Response(JSON.stringify(overview("w-personal")), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { getWorkspaces } = await import("./workspaces.ts");
    const { getOpenWorkspaceId } = await import("./workspace.ts");

    const result = await getWorkspaces();
    expect(result.current.id).toBe("w-personal");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchMock.mock.calls[1]!)).toBeNull();
    expect(getOpenWorkspaceId()).toBe("w-personal");
    expect(localStorage.getItem("sightline.workspace")).toBe("w-personal");
  });

  it("keeps a valid stored id and does not ask twice", async () => {
    localStorage.setItem("sightline.workspace", "w-agency");
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(overview("w-agency")), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { getWorkspaces } = await import("./workspaces.ts");
    await getWorkspaces();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[0]!)).toBe("w-agency");
  });

  it("reopens the live stream in the newly opened workspace", async () => {
    class FakeEventSource {
      static urls: string[] = [];
      closed = false;
      constructor(readonly url: string) {
        FakeEventSource.urls.push(url);
      }
      addEventListener() {}
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal("EventSource", FakeEventSource);
    const { setOpenWorkspaceId } = await import("./workspace.ts");
    setOpenWorkspaceId("w-one");
    const { subscribeRealtime } = await import("./realtime/realtime-client.ts");
    subscribeRealtime("ig-message", () => {});
    setOpenWorkspaceId("w-two");
    expect(FakeEventSource.urls).toEqual([
      "/api/realtime?workspace=w-one",
      "/api/realtime?workspace=w-two",
    ]);
  });
});

describe("isAllowed (role gating)", () => {
  it("follows contracts' table, and hides everything while the role is unknown", async () => {
    const { isAllowed } = await import("./workspaces.ts");
    expect(isAllowed("owner", "publish")).toBe(true);
    expect(isAllowed("editor", "publish")).toBe(true);
    expect(isAllowed("editor", "connections")).toBe(false);
    expect(isAllowed("analyst", "publish")).toBe(false);
    expect(isAllowed("analyst", "inbox:write")).toBe(false);
    expect(isAllowed("analyst", "radars:write")).toBe(false);
    expect(isAllowed("analyst", "read")).toBe(true);
    expect(isAllowed("admin", "audit")).toBe(true);
    expect(isAllowed("client", "read")).toBe(false);
    expect(isAllowed(undefined, "read")).toBe(false);
  });
});
