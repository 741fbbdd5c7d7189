// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  accountHeaders,
  getSelectedAccountId,
  onSelectedAccountChange,
  resetSelectedAccountForTests,
  searchWithAccount,
  setSelectedAccountId,
  withAccount,
} from "./account.ts";
import { setOpenWorkspaceId } from "./workspace.ts";

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, "", "/dashboard");
  setOpenWorkspaceId("11111111-1111-4111-8111-111111111111");
  resetSelectedAccountForTests();
});

afterEach(() => {
  setOpenWorkspaceId(null);
});

describe("the selected Instagram account", () => {
  it("is the server's choice until one is named: no header, the address unchanged", () => {
    expect(getSelectedAccountId()).toBeNull();
    expect(accountHeaders()).toEqual({});
    expect(searchWithAccount("?tab=week")).toBe("?tab=week");
    expect(withAccount("/x?y=1")).toBe("/x?y=1");
  });

  it("comes from the address first, and is named on every request", () => {
    window.history.replaceState(null, "", "/dashboard?account=17841400000000002");
    expect(getSelectedAccountId()).toBe("17841400000000002");
    expect(accountHeaders()).toEqual({ "x-sightline-account": "17841400000000002" });
    // Images send no header: their address names it.
    expect(withAccount("/api/content-calendar/media/1/thumbnail")).toBe(
      "/api/content-calendar/media/1/thumbnail?account=17841400000000002",
    );
  });

  it("ignores an address naming something that is not an account id", () => {
    window.history.replaceState(null, "", "/dashboard?account=../../etc");
    expect(getSelectedAccountId()).toBeNull();
  });

  it("is remembered per workspace for a new tab, and follows the workspace that is opened", () => {
    const heard: Array<string | null> = [];
    const stop = onSelectedAccountChange((id) => heard.push(id));
    setSelectedAccountId("17841400000000002");
    expect(searchWithAccount("?tab=week")).toBe("?tab=week&account=17841400000000002");
    // A new tab of the same workspace starts on it.
    resetSelectedAccountForTests();
    expect(getSelectedAccountId()).toBe("17841400000000002");
    // Another workspace has its own (none yet); coming back brings the first one back.
    setOpenWorkspaceId("22222222-2222-4222-8222-222222222222");
    expect(getSelectedAccountId()).toBeNull();
    setOpenWorkspaceId("11111111-1111-4111-8111-111111111111");
    expect(getSelectedAccountId()).toBe("17841400000000002");
    stop();
    expect(heard).toEqual(["17841400000000002", null, "17841400000000002"]);
  });
});
