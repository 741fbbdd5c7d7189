// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { DocumentTitle } from "./document-title.tsx";

afterEach(cleanup);

it("titles the tab while on screen, follows a new title, and gives the one before back", () => {
  document.title = "Sightline";
  const { rerender, unmount } = render(<DocumentTitle>Dashboard — Sightline</DocumentTitle>);
  expect(document.title).toBe("Dashboard — Sightline");
  expect(document.querySelector("body title")).toBeNull();
  rerender(<DocumentTitle>Settings — Sightline</DocumentTitle>);
  expect(document.title).toBe("Settings — Sightline");
  unmount();
  expect(document.title).toBe("Sightline");
});
