import type { Page, Route } from "playwright-core";

/**
 * Holds back the page's requests to `url`, as a slow network would, until `release()`.
 * `requested` resolves once the page has asked (the route saw the request: a waitForRequest begun
 * after the page had asked would wait for a second one); `stop()` removes the route. Call before
 * the page makes the request.
 */
export async function holdRequests(page: Page, url: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  const handler = async (route: Route) => {
    markRequested();
    await released;
    await route.continue();
  };
  await page.route(url, handler);
  return { release, requested, stop: () => page.unroute(url, handler) };
}
