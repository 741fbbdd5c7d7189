import type { Page } from "playwright-core";

/** A prerendered page's script: what its page loader imports after the first paint. */
const PAGE_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/**
 * Holds the page's script back, as a slow network would, until `release()`. `requested`
 * resolves once the page has asked for it (the route saw the request: a waitForRequest begun
 * after the page had asked would wait for a second one). Call before the page is opened.
 */
export async function holdPageScript(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(PAGE_SCRIPT, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}
