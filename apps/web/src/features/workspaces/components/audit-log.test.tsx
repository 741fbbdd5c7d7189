// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuditLog } from "./audit-log.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const event = (id: number, actorEmail: string | null, details: Record<string, unknown>) => ({
  id,
  actorEmail,
  action: "post.scheduled",
  accountId: "17841400000000001",
  target: `post-${id}`,
  details,
  createdAt: "2026-11-30T10:00:00.000Z",
});

describe("Settings → Audit log", () => {
  it("marks what a member did with an API token, and names nobody for the system", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              events: [
                event(3, "owner@example.com", { via: "api", tokenId: "t1" }),
                event(2, "owner@example.com", {}),
                event(1, null, {}),
              ],
              nextBefore: null,
            }),
            { status: 200, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <AuditLog />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByRole("row");
    // The header row, then the three events, newest first.
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain("owner@example.comAPI token");
    expect(rows[2]!.textContent).toContain("owner@example.com");
    expect(rows[2]!.textContent).not.toContain("API token");
    expect(rows[3]!.textContent).toContain("Sightline");
    // The phone's list (CSS shows one or the other): the same events, what happened first.
    const entries = within(screen.getByRole("list", { name: "Audit log" })).getAllByRole(
      "listitem",
    );
    expect(entries).toHaveLength(3);
    expect(entries[0]!.textContent).toContain("owner@example.com · API token");
    expect(entries[2]!.textContent).toContain("Sightline");
  });
});
