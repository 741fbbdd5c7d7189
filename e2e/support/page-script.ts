import type { Page } from "playwright-core";
import { holdRequests } from "./held-requests.ts";

/** A prerendered page's script: what its page loader imports after the first paint. */
const PAGE_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/** Holds the page's script back until `release()` (held-requests.ts). Call before the page is opened. */
export function holdPageScript(page: Page) {
  return holdRequests(page, PAGE_SCRIPT);
}
