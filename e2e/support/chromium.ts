import { existsSync } from "node:fs";

/**
 * Debian's Chromium, or CHROMIUM_PATH. Never a downloaded browser. Its headless shell first
 * (`apt-get install chromium-headless-shell`, the same Chromium built without the browser's
 * window and its UI): a page load there took ~37 % less CPU than in `chromium --headless`
 * (decision 020, fifteenth round); then the full browser (`apt-get install chromium`).
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  // Each browser context is a window of its own in Chromium's headless mode, and each window
  // made two renderers for the address bar's suggestion popup (chrome://omnibox-popup.top-chrome,
  // which no test can see or use): ~0.95 s of CPU per context with them, ~0.25 s without
  // (decision 020, fourteenth round).
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
