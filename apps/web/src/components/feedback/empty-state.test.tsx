// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Newspaper } from "lucide-react";
import { afterEach, describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state.tsx";

afterEach(cleanup);

describe("EmptyState", () => {
  it("page: the title as a heading, the text below it and the action", () => {
    render(
      <EmptyState
        icon={Newspaper}
        title="Your content calendar is empty"
        action={<button type="button">Create your first post</button>}
      >
        <p>Posts you schedule show here on their day.</p>
      </EmptyState>,
    );
    expect(screen.getByRole("heading", { name: "Your content calendar is empty" })).toBeTruthy();
    expect(screen.getByText("Posts you schedule show here on their day.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create your first post" })).toBeTruthy();
  });

  it("panel: the title and text under the list's own heading, adding no heading", () => {
    render(
      <EmptyState icon={Newspaper} title="No mentions yet." size="panel">
        Feeds are checked every 15 minutes.
      </EmptyState>,
    );
    expect(screen.getByText("No mentions yet.")).toBeTruthy();
    expect(screen.getByText("Feeds are checked every 15 minutes.")).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
