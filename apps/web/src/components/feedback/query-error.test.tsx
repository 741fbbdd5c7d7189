// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-error.ts";
import { QueryError } from "./query-error.tsx";

afterEach(cleanup);

describe("QueryError", () => {
  it("says what failed in an alert, and Retry calls refetch once, with no arguments", () => {
    const refetch = vi.fn(() => Promise.resolve());
    render(<QueryError message="The analytics could not be loaded." onRetry={refetch} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The analytics could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refetch).toHaveBeenCalledTimes(1);
    // A query's refetch takes options: the click event must not be passed in as them.
    expect(refetch).toHaveBeenCalledWith();
  });

  it("shows the error's own words when no message is given: a refused field's first", () => {
    render(
      <QueryError
        error={
          new ApiError(422, "invalid", "Invalid request", [
            { path: "url", message: "That address is not a feed" },
          ])
        }
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("That address is not a feed");
  });

  it("inline: one line with the retry as a link-like button, under its own label", () => {
    const refetch = vi.fn();
    render(
      <QueryError
        variant="inline"
        error={new Error("Network down")}
        onRetry={refetch}
        retryLabel="Try again"
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("Network down");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
