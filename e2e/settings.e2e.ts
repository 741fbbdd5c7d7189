import { createHmac } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_PASSWORD, signedInPage as signInNewAccount } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

const PASSWORD_RULE = "Password must be at least 8 characters and include letters and numbers.";
const PASSWORD = E2E_PASSWORD;
const SCREENSHOT_DIR = process.env.SETTINGS_SCREENSHOT_DIR;

/** RFC 6238 code from a base32 key, as an authenticator app computes it. */
function totp(base32: string, at = Date.now()) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...base32.replace(/[\s=]/g, "").toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, "0"))
    .join("");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0xf;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

describe.skipIf(!hasChromium())("the Settings page in the browser", () => {
  const live = useServerAndBrowser();

  /** An account made through the API, signed in in a new browser context, on Settings. */
  async function signedInPage(browser: Browser, width = 1440) {
    const signedIn = await signInNewAccount(browser, live.server.url, {
      prefix: "settings",
      width,
    });
    const { page } = signedIn;
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    return signedIn;
  }

  async function signInElsewhere(email: string, userAgent: string) {
    const response = await fetch(`${live.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: live.server.url,
        "user-agent": userAgent,
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
  }

  async function screenshot(page: Page, name: string) {
    if (!SCREENSHOT_DIR) return;
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
    // Phone-sized views of the long page, readable at full scale.
    const { width, height } = page.viewportSize() ?? { width: 1440, height: 900 };
    if (width > 500) return;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, part = 1; y < total; y += height, part++) {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${name}-part${part}.png`,
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(height, total - y) },
      });
    }
  }

  it("saves the profile, and the values survive a reload", async () => {
    const { page, context, errors } = await signedInPage(live.browser);
    const firstName = page.getByLabel("First name");
    await expect(firstName.inputValue()).resolves.toBe("Lena");
    await firstName.fill("Lenora");
    await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved").waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("Lenora");
    await expect(page.getByLabel("Time zone").inputValue()).resolves.toBe("Asia/Tokyo");
    await expect(page.getByTestId("current-plan").textContent()).resolves.toBe("Free");
    // The language applies at once.
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Perfil" }).waitFor();
    await page.getByRole("button", { name: "Guardar cambios" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists the sessions and signs out everywhere else", async () => {
    const { page, context, email } = await signedInPage(live.browser);
    await signInElsewhere(
      email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    );
    await page.reload();
    const list = page.getByTestId("sessions-list");
    await list.getByText("Safari 17 · iOS 17").waitFor();
    await expect(list.getByRole("listitem").count()).resolves.toBe(2);
    await expect(list.getByText("This device").count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await page.getByText("Signed out of every other session.").waitFor();
    await expect(list.getByText("Safari 17 · iOS 17").count()).resolves.toBe(0);
    await expect(list.getByRole("listitem").count()).resolves.toBe(1);
    await context.close();
  });

  it("changes the password under the spec's rule", async () => {
    const { page, context, email } = await signedInPage(live.browser);
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("lettersonly");
    await page.getByLabel("Confirm new password").fill("lettersonly");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText(PASSWORD_RULE).waitFor();
    // Nothing typed is lost on a bad value.
    await expect(page.getByLabel("Current password").inputValue()).resolves.toBe(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("glazes2027");
    await page.getByLabel("Confirm new password").fill("glazes2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. Your other sessions were signed out.").waitFor();
    const signIn = await fetch(`${live.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: live.server.url },
      body: JSON.stringify({ email, password: "glazes2027" }),
    });
    expect(signIn.status).toBe(200);
    await context.close();
  });

  it("looks right at 1440 and 390 px (screenshots)", async () => {
    for (const width of [1440, 390]) {
      const { page, context, errors, email: userEmail } = await signedInPage(live.browser, width);
      await page.getByTestId("sessions-list").waitFor();
      await screenshot(page, `settings-${width}`);
      // Nothing wider than the viewport.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // The authenticator-app enrolment with its QR code.
      await page.getByRole("button", { name: "Set up" }).click();
      const twoFactor = page.getByTestId("two-factor");
      await twoFactor.getByLabel("Current password").fill(PASSWORD);
      await twoFactor.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("img", { name: /Scan this QR code/ }).waitFor();
      await page.getByTestId("totp-key").waitFor();
      await page.locator("#security").scrollIntoViewIfNeeded();
      if (SCREENSHOT_DIR) {
        await page
          .locator("#security")
          .screenshot({ path: `${SCREENSHOT_DIR}/settings-2fa-${width}.png` });
      }
      if (width === 1440) {
        // Finish the enrolment as a person would: the code from the key, then the backup codes.
        const key = (await page.getByTestId("totp-key").textContent()) ?? "";
        await twoFactor.getByLabel("Enter the 6-digit code the app shows.").fill(totp(key));
        await twoFactor.getByRole("button", { name: "Verify and turn on" }).click();
        await page.getByTestId("backup-codes").waitFor();
        await expect(page.getByTestId("backup-codes").getByRole("listitem").count()).resolves.toBe(
          10,
        );
        const download = page.waitForEvent("download");
        await twoFactor.getByRole("button", { name: "Download .txt" }).click();
        expect((await download).suggestedFilename()).toBe("sightline-backup-codes.txt");
        await twoFactor.getByRole("button", { name: "Done" }).click();
        await expect(page.getByTestId("two-factor-status").textContent()).resolves.toBe("On");
        await expect(page.getByTestId("assurance-level").textContent()).resolves.toContain("AAL2");
        // The factor enrolled through the page is now asked for at sign-in.
        const signIn = await fetch(`${live.server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: live.server.url },
          body: JSON.stringify({ email: userEmail, password: PASSWORD }),
        });
        expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("prepares the data export in the background and offers the zip", async () => {
    const { page, context } = await signedInPage(live.browser);
    const section = page.getByTestId("data-export");
    await section.getByRole("button", { name: "Prepare export" }).click();
    const link = section.getByRole("link", { name: "Download zip" });
    await link.waitFor();
    await section.getByText(/Your export is ready\. The link works until/).waitFor();
    const download = page.waitForEvent("download");
    await link.click();
    expect((await download).suggestedFilename()).toMatch(
      /^sightline-export-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    await context.close();
  });

  it("deletes the account after the e-mail and the password are typed, and signs out", async () => {
    const { page, context, email } = await signedInPage(live.browser);
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByLabel("Your e-mail address").fill("someone-else@example.com");
    await dialog.getByRole("button", { name: "Delete forever" }).click();
    await dialog.getByText("The e-mail you typed does not match your account.").waitFor();
    await dialog.getByLabel("Your e-mail address").fill(email);
    // The e-mail alone deletes nothing: the password re-authenticates.
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete forever" }).click();
    await dialog.getByText("The password is not right.").waitFor();
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete forever" }).click();
    await page.getByText("Your account was deleted. We sent a confirmation by e-mail.").waitFor();
    await page.waitForURL(`${live.server.url}/`);
    const signIn = await fetch(`${live.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: live.server.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    await page.goto(`${live.server.url}/settings`);
    await page.waitForURL(`${live.server.url}/`);
    await context.close();
  });
});
