// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type WorkspacesOverview, workspacesQueryKey } from "../../../lib/workspaces.ts";
import { type Billing, billingQueryOptions } from "../api/get-billing.ts";
import { type PlanUsage, planUsageQueryKey } from "../api/get-plan-usage.ts";
import { leaveForStripe } from "../utils/leave-for-stripe.ts";
import { PaymentFailedBanner } from "./payment-failed-banner.tsx";
import { PlanSection } from "./plan-section.tsx";

vi.mock("../utils/leave-for-stripe.ts", () => ({ leaveForStripe: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveForStripe).mockClear();
});

const usage = {
  plan: "starter",
  name: "Starter",
  until: null,
  resetsAt: "2026-12-01T00:00:00.000Z",
  meters: [],
};

/** The API: GET /api/plan answers the usage (it is read again on mount), a POST its `url`. */
function answer(url: string) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.method === "POST" ? { url } : usage;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const billingOff: Billing = {
  enabled: false,
  prices: null,
  status: null,
  hasCustomer: false,
  graceUntil: null,
};

function renderWith(
  element: React.ReactNode,
  options: { plan?: "free" | "starter" | "pro" | "premium"; billing?: Billing; path?: string },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(workspacesQueryKey, {
    current: { id: "w1", name: "Northfield", plan: options.plan ?? "free", role: "owner" },
    workspaces: [],
  } as unknown as WorkspacesOverview);
  queryClient.setQueryData(planUsageQueryKey, usage as unknown as PlanUsage);
  queryClient.setQueryData(billingQueryOptions().queryKey, options.billing ?? billingOff);
  const router = createMemoryRouter([{ path: "*", element }], {
    initialEntries: [options.path ?? "/settings"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("Settings → Plan with and without billing (issue 30)", () => {
  it("without billing: no amounts, no buttons, and the operator changes plans", () => {
    renderWith(<PlanSection />, {});
    expect(screen.queryByTestId("price-starter")).toBeNull();
    expect(screen.queryByRole("button", { name: /Upgrade to/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Manage billing" })).toBeNull();
    expect(document.body.textContent).not.toMatch(/[$€£]/);
    expect(document.body.textContent).toContain("Billing is not set up on this Sightline server");
  });

  it("with billing: the configured amounts only, and Upgrade to each larger plan through Checkout", async () => {
    const fetchMock = answer("https://checkout.stripe.com/c/pay/cs_2");
    renderWith(<PlanSection />, {
      plan: "starter",
      billing: { ...billingOff, enabled: true, prices: { starter: "€9 a month" } },
    });
    expect(screen.getByTestId("price-starter").textContent).toBe("€9 a month");
    // Pro has no configured amount: none is shown for it.
    expect(screen.queryByTestId("price-pro")).toBeNull();
    expect(
      screen.getAllByRole("button", { name: /Upgrade to/ }).map((button) => button.textContent),
    ).toEqual(["Upgrade to Pro", "Upgrade to Premium"]);
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to Premium" }));
    await waitFor(() =>
      expect(leaveForStripe).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_2"),
    );
    const [input, init] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(new URL(String(input), "http://app.test").pathname).toBe("/api/billing/checkout");
    expect(JSON.parse(String(init?.body))).toEqual({ plan: "premium" });
  });

  it("a subscribed workspace changes its plan in Manage billing (the Customer Portal)", () => {
    renderWith(<PlanSection />, {
      plan: "pro",
      billing: { ...billingOff, enabled: true, status: "active", hasCustomer: true },
    });
    expect(screen.queryByRole("button", { name: /Upgrade to/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Manage billing" })).toBeTruthy();
  });
});

describe("the failed-payment banner", () => {
  it("says until when the plan stays, and opens the portal", async () => {
    const fetchMock = answer("https://billing.stripe.com/p/session/x");
    renderWith(<PaymentFailedBanner />, {
      plan: "pro",
      billing: {
        ...billingOff,
        enabled: true,
        status: "past_due",
        hasCustomer: true,
        graceUntil: "2026-12-05T12:00:00.000Z",
      },
    });
    expect(screen.getByTestId("payment-failed-banner").textContent).toContain(
      "Your last payment failed. Pro stays on until December 5, 2026; update your card to keep it.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    await waitFor(() =>
      expect(leaveForStripe).toHaveBeenCalledWith("https://billing.stripe.com/p/session/x"),
    );
    const [input] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(new URL(String(input), "http://app.test").pathname).toBe("/api/billing/portal");
  });

  it("is not there without a grace period", () => {
    renderWith(<PaymentFailedBanner />, { plan: "pro", billing: { ...billingOff, enabled: true } });
    expect(screen.queryByTestId("payment-failed-banner")).toBeNull();
  });
});
