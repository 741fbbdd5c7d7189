// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { KpiCard } from "./kpi-card.tsx";

afterEach(cleanup);

describe("KpiCard", () => {
  it("shows the reason, not 0, when the value is null", () => {
    render(
      <KpiCard
        label="Reach"
        value={null}
        reason="No reach is stored yet: the first sync has not finished."
        changePct={null}
        series={[{ day: "2026-11-01", value: null }]}
      />,
    );
    expect(
      screen.getByText("No reach is stored yet: the first sync has not finished."),
    ).toBeTruthy();
    expect(screen.getByTestId("kpi-reach").textContent).not.toMatch(/\b0\b/);
  });

  it("shows a compact value and a signed change", () => {
    render(<KpiCard label="Views" value={26_123} changePct={12.5} />);
    const card = screen.getByTestId("kpi-views");
    expect(card.textContent).toContain("26.1K");
    expect(card.textContent).toContain("+12.5%");
  });
});
