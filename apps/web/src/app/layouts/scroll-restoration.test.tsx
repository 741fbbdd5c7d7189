// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { MemoryRouter, type NavigateFunction, useNavigate, useRoutes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollRestoration } from "./scroll-restoration.tsx";

let navigate: NavigateFunction = () => {};
function Page({ name }: { name: string }) {
  navigate = useNavigate();
  return (
    <div>
      <h1>{name}</h1>
      <p id="pricing">Pricing</p>
    </div>
  );
}
function Routes() {
  return useRoutes([
    { path: "/a", element: <Page name="A" /> },
    { path: "/b", element: <Page name="B" /> },
  ]);
}

const scrollTo = vi.fn();
const scrollIntoView = vi.fn();
function scrollWindowTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

beforeEach(() => {
  scrollTo.mockReset();
  scrollIntoView.mockReset();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
  sessionStorage.clear();
  scrollWindowTo(0);
});
afterEach(cleanup);

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
      <Routes />
    </MemoryRouter>,
  );
}

describe("scroll restoration", () => {
  it("starts a new page at its top and returns to where the reader was on Back", async () => {
    renderAt("/a");
    // The first page is where the browser put it.
    expect(scrollTo).not.toHaveBeenCalled();
    scrollWindowTo(640);
    await act(async () => navigate("/b"));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: "instant" });
    scrollWindowTo(120);
    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 640, left: 0, behavior: "instant" });
    await act(async () => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 120, left: 0, behavior: "instant" });
  });

  it("scrolls to the element a hash names", async () => {
    renderAt("/a");
    await act(async () => navigate("/b#pricing"));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("keeps the positions for a reload of the tab", async () => {
    renderAt("/a");
    scrollWindowTo(300);
    window.dispatchEvent(new Event("pagehide"));
    expect(
      Object.values(JSON.parse(sessionStorage.getItem("sightline-scroll-positions")!)),
    ).toEqual([300]);
    cleanup();
    scrollWindowTo(0);
    renderAt("/a");
    // MemoryRouter gives the first entry the same key each time, like a reloaded history entry.
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 300, left: 0, behavior: "instant" });
  });
});
