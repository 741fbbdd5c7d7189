import { type Browser, chromium } from "playwright-core";
import { inject } from "vitest";
import { chromiumArgs } from "./chromium.ts";

/** True when Debian's Chromium is present; browser suites use it with describe.skipIf. */
export const hasChromium = (): boolean => Boolean(inject("chromiumPath"));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: chromiumArgs,
  });
}
