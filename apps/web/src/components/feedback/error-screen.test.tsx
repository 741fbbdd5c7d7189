// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorScreen } from "./error-screen.tsx";

afterEach(cleanup);

describe("ErrorScreen", () => {
  it("shows the spec's texts, the details and a reload button", () => {
    render(<ErrorScreen error={new Error("widget failed to render")} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(
      screen.getByText("An unexpected error occurred. Please try reloading the page."),
    ).toBeTruthy();
    expect(screen.getByText("Details")).toBeTruthy();
    expect(screen.getByText(/widget failed to render/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy();
  });
});
