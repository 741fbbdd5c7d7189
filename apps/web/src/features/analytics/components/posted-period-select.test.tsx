// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PostedPeriodSelect, periodRange } from "./posted-period-select.tsx";

afterEach(cleanup);

describe("Post Performance's Posted filter (posts and stories)", () => {
  it("offers the plan's history as All and names the plan a longer period needs", () => {
    const onChange = vi.fn();
    render(<PostedPeriodSelect id="p" value="" onChange={onChange} plan="free" />);
    const options = screen.getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ["All (last 30 days)", false],
      ["Last 7 days", false],
      ["Last 28 days", false],
      ["Last 90 days (Starter plan)", true],
      ["Last 12 months (Starter plan)", true],
    ]);
    fireEvent.change(screen.getByLabelText("Posted"), { target: { value: "7" } });
    expect(onChange).toHaveBeenCalledWith("7");
  });

  it("counts the last days up to today on the user's calendar", () => {
    const now = new Date("2026-12-01T02:00:00Z");
    expect(periodRange("7", "UTC", now)).toEqual({ from: "2026-11-25", to: "2026-12-01" });
    // Still November 30 in Los Angeles.
    expect(periodRange("7", "America/Los_Angeles", now)).toEqual({
      from: "2026-11-24",
      to: "2026-11-30",
    });
    expect(periodRange("", "UTC", now)).toEqual({});
  });
});
