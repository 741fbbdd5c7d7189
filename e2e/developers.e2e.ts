import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage } from "./support/composer.ts";

/** Set DEVELOPERS_SCREENSHOT_DIR=/some/dir to keep screenshots at 1440 and 390 px. */
const shots = process.env.DEVELOPERS_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasChromium())("Settings → Developers: personal access tokens (issue 35)", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected" });

  for (const width of [1440, 390]) {
    it(`at ${width} px: locked on Free; on Pro a token is made, shown once, used, revoked`, async () => {
      const url = live.server.url;
      const { page, context, errors } = await connectedPage(live.browser, url, width);
      // The tokens' block of the Developers card (webhook endpoints are the card's other block).
      const section = page.locator("#developers").getByTestId("access-tokens-section");

      // Free: the section is there with the plan's lock in place of the form.
      await page.goto(`${url}/settings#developers`);
      await section.getByTestId("locked-feature").waitFor();
      expect(await section.getByTestId("locked-feature").innerText()).toContain(
        "The Pro plan includes the public API",
      );

      await setPlan(page, "pro");
      await section.getByRole("button", { name: "Create token" }).waitFor();
      await section.getByLabel("Name").fill(`Reporting ${width}`);
      await section.getByRole("checkbox", { name: /posts:read/ }).check();
      await section.getByLabel("Expires").selectOption("90");
      await section.getByRole("button", { name: "Create token" }).click();

      // Shown once, with the warning and a Copy button.
      const shown = section.getByTestId("new-access-token");
      await shown.waitFor();
      expect(await shown.innerText()).toContain("This is the only time the token is shown.");
      const token = await shown.getByRole("textbox").inputValue();
      expect(token).toMatch(/^slpat_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole("button", { name: "Copy" }).waitFor();
      const row = section.getByTestId("access-token").filter({ hasText: `Reporting ${width}` });
      await row.waitFor();
      expect(await row.innerText()).toContain(token.slice(0, 14));
      await shot(page, `developers-created-${width}`);

      // The token works from outside the browser: no cookie, just the token.
      const call = () =>
        fetch(`${url}/api/v1/accounts`, { headers: { authorization: `Bearer ${token}` } });
      const used = await call();
      expect(used.status).toBe(200);
      const { data } = (await used.json()) as { data: Array<{ username: string }> };
      expect(data.map((account) => account.username)).toEqual(["lena.makes"]);

      // Gone from the page once dismissed; the list keeps only its prefix.
      await shown.getByRole("button", { name: "I have copied it" }).click();
      await shown.waitFor({ state: "detached" });
      expect(await page.content()).not.toContain(token.slice(14));

      // Revoke, confirmed: the token answers 401.
      await row.getByRole("button", { name: "Revoke" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(`Revoke Reporting ${width}?`).waitFor();
      await shot(page, `developers-revoke-${width}`);
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => row.innerText()).toContain("Revoked");
      expect((await call()).status).toBe(401);
      await shot(page, `developers-revoked-${width}`);

      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
