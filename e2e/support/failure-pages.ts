import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";

/**
 * What the browser showed when a test failed, for CI's log: a failed browser test prints only
 * its error ("waiting for … Confirm Schedule"), and CI keeps no trace or screenshot, so a flake
 * there could not be told from a bug. scripts/test-summary.mjs prints these files after its list
 * of failures; e2e/global-setup.ts empties the folder before a run.
 */
export const FAILURE_PAGES_DIR = path.resolve("test-results", "e2e-pages");

/** Each open page's address, open layers, toasts, focused element and body's pointer-events. */
export async function describeOpenPages(browser: Browser): Promise<string[]> {
  const pages = browser
    .contexts()
    .flatMap((context) => context.pages())
    .filter((page) => !page.isClosed());
  // All at once, each given 5 s: a page that hangs does not hold up the others.
  const described = await Promise.all(pages.map(describePage));
  return described.flat();
}

async function describePage(page: Page): Promise<string[]> {
  const state = page.evaluate(() => {
    const text = (element: Element | null) =>
      (element?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const nameOf = (element: Element) =>
      element.getAttribute("aria-label") ??
      text(document.getElementById(element.getAttribute("aria-labelledby") ?? ""));
    const active = document.activeElement;
    return {
      layers: [
        ...document.querySelectorAll(
          '[role="dialog"], [role="alertdialog"], dialog[open], [role="menu"], [role="listbox"]',
        ),
      ]
        .filter(shown)
        .map(
          (layer) =>
            `${layer.getAttribute("role") ?? layer.tagName.toLowerCase()} "${nameOf(layer)}"${layer.getAttribute("aria-hidden") === "true" ? " (aria-hidden)" : ""}: ${text(layer)}`,
        ),
      toasts: [...document.querySelectorAll("[data-sonner-toast]")].map((toast) => text(toast)),
      focused: active
        ? `${active.tagName.toLowerCase()}${active.getAttribute("aria-label") ? ` "${active.getAttribute("aria-label")}"` : ""} ${text(active).slice(0, 60)}`
        : "none",
      bodyPointerEvents: document.body.style.pointerEvents || "(not set)",
    };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("  the page did not answer within 5 s"), 5_000);
  });
  const described = await Promise.race([
    state.then(
      (found) =>
        [
          `  layers: ${found.layers.length === 0 ? "none" : ""}`,
          ...found.layers.map((layer) => `    ${layer}`),
          `  toasts: ${found.toasts.length === 0 ? "none" : found.toasts.join(" | ")}`,
          `  focused: ${found.focused}`,
          `  body pointer-events: ${found.bodyPointerEvents}`,
        ].join("\n"),
      (error: unknown) => `  could not be read: ${String(error).slice(0, 200)}`,
    ),
    timeout,
  ]);
  clearTimeout(timer);
  return [`page ${page.url()} (${page.viewportSize()?.width ?? "?"} px)`, described];
}

/** Writes what the browser showed for a failed test to FAILURE_PAGES_DIR (best effort). */
export async function recordFailurePages(browser: Browser, testName: string): Promise<void> {
  try {
    const lines = await describeOpenPages(browser);
    mkdirSync(FAILURE_PAGES_DIR, { recursive: true });
    const file = `${testName.replace(/[^a-z0-9]+/gi, "-").slice(0, 80)}-${Date.now()}.txt`;
    writeFileSync(
      path.join(FAILURE_PAGES_DIR, file),
      [`${testName}`, ...(lines.length > 0 ? lines : ["no open page"])].join("\n"),
    );
  } catch {
    // A report about a failure must not add one.
  }
}
