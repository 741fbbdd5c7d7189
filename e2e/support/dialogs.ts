import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Presses Escape until `layer` (a Radix dialog, sheet or popover) is gone. Radix listens for
 * Escape only once a layer knows it is the highest one, which react-dismissable-layer 1.2 works
 * out in a render after an effect has registered the layer: a key pressed in the first moments
 * after the layer shows is not seen. A person is not that fast; a test is, and once was
 * (ai-team.e2e in 93cfada's .ci/run: the Mentor's sheet stayed open and blocked the next click).
 * Only for a layer with nothing beneath it that Escape would close: while the layer plays its
 * exit, a second press reaches whatever is under it (a prompt inside the composer, say).
 */
export async function closeWithEscape(page: Page, layer: Locator, timeout = 10_000) {
  // Visible, not present: a layer may stay in the page, hidden, once closed.
  const shown = layer.filter({ visible: true });
  await expect
    .poll(
      async () => {
        if ((await shown.count()) > 0) await page.keyboard.press("Escape");
        return shown.count();
      },
      { timeout, interval: 500 },
    )
    .toBe(0);
}
