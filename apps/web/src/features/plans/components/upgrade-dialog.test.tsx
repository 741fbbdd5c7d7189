// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { UpgradeDialogHost } from "./upgrade-dialog.tsx";

afterEach(cleanup);

function renderHost() {
  const router = createMemoryRouter([{ path: "*", element: <UpgradeDialogHost /> }], {
    initialEntries: ["/post-performance"],
  });
  render(<RouterProvider router={router} />);
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
});
