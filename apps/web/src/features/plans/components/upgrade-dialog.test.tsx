// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { type Billing, billingQueryOptions } from "../api/get-billing.ts";
import { leaveForStripe } from "../utils/leave-for-stripe.ts";
import { UpgradeDialogHost } from "./upgrade-dialog.tsx";

vi.mock("../utils/leave-for-stripe.ts", () => ({ leaveForStripe: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveForStripe).mockClear();
});

const billingOff: Billing = {
  enabled: false,
  prices: null,
  status: null,
  hasCustomer: false,
  graceUntil: null,
};

function renderHost(billing: Billing = billingOff) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(billingQueryOptions().queryKey, billing);
  const router = createMemoryRouter([{ path: "*", element: <UpgradeDialogHost /> }], {
    initialEntries: ["/post-performance"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("'Upgrade your plan' (issue 30)", () => {
  it("stays closed until a plan refuses something, then names the capability and the plan", () => {
    renderHost();
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() =>
      announcePlanRequired({ capability: "teamMembers", plan: "pro", requiredPlan: "premium" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Upgrade your plan" });
    expect(within(dialog).getByTestId("upgrade-reason").textContent).toBe(
      "The Premium plan includes team members and client reports. This workspace is on the Pro plan.",
    );
    // What else Premium adds over Pro, from the same table, with no amounts.
    const gains = within(dialog)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(gains).toEqual([
      "Instagram accounts10",
      "Press Radar keywords30",
      "Competitors tracked20",
      "Storage for uploads50 GB",
    ]);
    expect(dialog.textContent).not.toMatch(/[$€£]/);
    expect(within(dialog).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe(
      "/settings#plan",
    );
  });

  it("says so plainly when no plan has more", () => {
    renderHost();
    act(() =>
      announcePlanRequired({ capability: "accounts", plan: "premium", requiredPlan: null }),
    );
    expect(screen.getByTestId("upgrade-reason").textContent).toBe(
      "No plan includes more Instagram accounts. This workspace is on the Premium plan.",
    );
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
  });

  it("has no Upgrade button where billing is not configured", () => {
    renderHost();
    act(() =>
      announcePlanRequired({ capability: "advancedAnalytics", plan: "free", requiredPlan: "pro" }),
    );
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
    expect(screen.getByRole("link", { name: "See plans" })).toBeTruthy();
  });

  it("with billing, Upgrade posts checkout for the plan that includes it and goes to Stripe's page", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ url: "https://checkout.stripe.com/c/pay/cs_1" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderHost({ ...billingOff, enabled: true });
    act(() =>
      announcePlanRequired({ capability: "advancedAnalytics", plan: "free", requiredPlan: "pro" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    await waitFor(() =>
      expect(leaveForStripe).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1"),
    );
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(input), "http://app.test").pathname).toBe("/api/billing/checkout");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ plan: "pro" });
    expect(screen.getByRole("dialog").textContent).not.toMatch(/[$€£]/);
  });
});
