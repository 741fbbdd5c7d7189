// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closeComposer, openComposer } from "../hooks/composer-store.ts";
import { CreatePostDialog } from "./create-post-dialog.tsx";

// The dialog is lazy-loaded; load it once up front so no test waits on the import.
beforeAll(async () => {
  await import("./composer-dialog.tsx");
}, 60_000);

afterEach(() => {
  act(() => closeComposer());
  cleanup();
});

function renderDialog() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CreatePostDialog account={{ username: "lena.makes", avatar: null }} />
    </QueryClientProvider>,
  );
}

describe("CreatePostDialog pre-fill (spec §2)", () => {
  it("pre-fills caption, hashtags, date and time once, and says where from", async () => {
    // No IndexedDB in jsdom: the kept-draft store says so quietly.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderDialog();
    act(() =>
      openComposer({
        initialCaption: "Flat white season :)",
        initialHashtags: ["#flatwhite", "coffee", "flatwhite"],
        initialDate: "2031-03-04",
        initialTime: "18:30",
        campaign: "Rising: #flatwhite",
      }),
    );
    await screen.findByRole("dialog", { name: "Create Instagram Post" }, { timeout: 15_000 });
    expect(screen.getByText("Pre-filled from: Rising: #flatwhite")).toBeTruthy();
    expect((screen.getByLabelText("Caption") as HTMLTextAreaElement).value).toBe(
      "Flat white season :)",
    );
    expect(screen.getByTestId("hashtag-count").textContent).toBe("2/30");
    expect(screen.getByTestId("preview-caption").textContent).toContain("Flat white season 🙂");
    expect(screen.getByText(/Scheduled for Tuesday, March 4, 2031 at 18:30/)).toBeTruthy();

    // Closed and opened again without a pre-fill: nothing carries over.
    act(() => closeComposer());
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openComposer());
    await screen.findByRole("dialog", { name: "Create Instagram Post" }, { timeout: 15_000 });
    expect(screen.queryByText(/Pre-filled from/)).toBeNull();
    expect((screen.getByLabelText("Caption") as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByTestId("hashtag-count").textContent).toBe("0/30");
    expect(screen.queryByText(/Scheduled for/)).toBeNull();
  }, 30_000);

  it("defaults the time to 10:00 when only a date is given", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderDialog();
    act(() => openComposer({ initialDate: "2031-03-04", campaign: "Content calendar" }));
    await screen.findByRole("dialog", { name: "Create Instagram Post" }, { timeout: 15_000 });
    expect(screen.getByText(/Scheduled for Tuesday, March 4, 2031 at 10:00/)).toBeTruthy();
  }, 30_000);
});
