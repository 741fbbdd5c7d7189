// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getSelectedAccountId,
  resetSelectedAccountForTests,
  setSelectedAccountId,
} from "../../../lib/account.ts";
import { InstagramCallback, readCallbackParams } from "./instagram-callback.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderCallback(
  entry: string,
  status: number,
  body: unknown,
  accounts: Array<{ instagram_id: string }> = [{ instagram_id: "1784" }],
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).startsWith("/api/instagram/connections")
      ? new Response(JSON.stringify({ connections: accounts, limit: 10 }), { status: 200 })
      : new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", fetchMock);
  const router = createMemoryRouter(
    [
      { path: "/auth/instagram/callback", element: <InstagramCallback login="instagram" /> },
      { path: "/settings", element: <Landing /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

describe("the Instagram callback page", () => {
  it("reads Meta's parameters without the '#_' it appends", () => {
    expect(readCallbackParams("?state=s&code=AQB12#_")).toEqual({ code: "AQB12", state: "s" });
    expect(readCallbackParams("?code=AQB12&state=abc#_=_")).toEqual({
      code: "AQB12",
      state: "abc",
    });
    expect(
      readCallbackParams("?error=access_denied&error_reason=user_denied&error_description=No&x=1"),
    ).toEqual({ error: "access_denied", error_reason: "user_denied", error_description: "No" });
  });

  it("posts the code and state once, even under StrictMode, then lands in Settings", async () => {
    const state = "s".repeat(43);
    const fetchMock = renderCallback(`/auth/instagram/callback?code=c1&state=${state}`, 200, {
      connection: { instagram_username: "lena.makes", instagram_id: "1784" },
    });
    expect(screen.getByText("Connecting your Instagram account…")).toBeTruthy();
    // The workspace's only account: nothing to name in the address.
    expect((await screen.findByTestId("landed")).textContent).toBe("/settings?instagram=connected");
    const callbacks = fetchMock.mock.calls.filter(([input]) =>
      String(input).startsWith("/api/instagram/connect/callback"),
    );
    expect(callbacks).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/instagram/connect/callback",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ login: "instagram", code: "c1", state }),
      }),
    );
  });

  it("goes on with an account added beside the workspace's first: the address names it", async () => {
    resetSelectedAccountForTests();
    renderCallback(
      `/auth/instagram/callback?code=c2&state=${"u".repeat(43)}`,
      200,
      { connection: { instagram_username: "lena.makes", instagram_id: "1785" } },
      [{ instagram_id: "1784" }, { instagram_id: "1785" }],
    );
    expect((await screen.findByTestId("landed")).textContent).toBe(
      "/settings?instagram=connected&account=1785",
    );
    expect(getSelectedAccountId()).toBe("1785");
    setSelectedAccountId(null);
  });

  it("brings the server's message back to Settings", async () => {
    const message = "You cancelled the connection on Instagram's page. Nothing was connected.";
    renderCallback(`/auth/instagram/callback?error=access_denied&state=${"t".repeat(43)}`, 400, {
      error: { code: "bad_request", message },
    });
    const landed = await screen.findByTestId("landed");
    expect(new URLSearchParams(landed.textContent?.split("?")[1]).get("instagram_error")).toBe(
      message,
    );
  });
});
