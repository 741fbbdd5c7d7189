import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { latestLinkFor } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

const PASSWORD_RULE = "Password must be at least 8 characters and include letters and numbers.";
const COMMON_PASSWORD =
  "This password is one of the most common and easy to guess. Please choose a less common one.";

describe.skipIf(!hasChromium())("accounts in the browser", () => {
  const live = useServerAndBrowser();

  async function openDialog(context: BrowserContext, tab: "login" | "signup") {
    const page = await context.newPage();
    await page.goto(`${live.server.url}/?auth=${tab}`);
    await page.getByRole("dialog", { name: "Welcome to Sightline" }).waitFor();
    return page;
  }

  /** E-mail is sent just after the response: look for a moment (2 s) before giving up. */
  const latestLink = (email: string) => latestLinkFor(live.server.url, email, { timeoutMs: 2_000 });

  it("opens on Login by default, with every sign-up validation message", async () => {
    const context = await live.browser.newContext();
    const page = await openDialog(context, "login");
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByRole("tab", { name: "Login" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");

    // Login: email and password are required; no length rule.
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await dialog.getByText("Email is required.").waitFor();
    await dialog.getByText("Password is required.").waitFor();

    // The password visibility toggle.
    const password = dialog.getByLabel("Password", { exact: true });
    await password.fill("secret");
    await expect(password.getAttribute("type")).resolves.toBe("password");
    await dialog.getByRole("button", { name: "Show password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("text");
    await dialog.getByRole("button", { name: "Hide password" }).click();

    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    for (const label of [
      "First name",
      "Last name",
      "Phone",
      "Email",
      "Password",
      "Confirm password",
    ]) {
      await dialog.getByLabel(label, { exact: false }).first().waitFor();
    }
    const create = dialog.getByRole("button", { name: "Create Account" });
    await expect(create.isDisabled()).resolves.toBe(true);
    // The hint under the password field repeats the rule.
    await expect(dialog.getByText(PASSWORD_RULE).count()).resolves.toBe(1);

    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("letters");
    await dialog.getByRole("alert").filter({ hasText: PASSWORD_RULE }).waitFor();
    // One of the most common passwords passes the rule but is refused, as the server does.
    await dialog.getByLabel("Password", { exact: true }).fill("password1");
    await dialog.getByRole("alert").filter({ hasText: COMMON_PASSWORD }).waitFor();
    await dialog.getByLabel("Password", { exact: true }).fill("letters123");
    await expect(
      dialog.getByRole("alert").filter({ hasText: PASSWORD_RULE }).count(),
    ).resolves.toBe(0);
    await expect(
      dialog.getByRole("alert").filter({ hasText: COMMON_PASSWORD }).count(),
    ).resolves.toBe(0);
    await dialog.getByLabel("Confirm password").fill("letters124");
    await dialog.getByRole("alert").filter({ hasText: "Passwords do not match." }).waitFor();
    await expect(create.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("Confirm password").fill("letters123");
    await expect(dialog.getByText("Passwords do not match.").count()).resolves.toBe(0);
    await expect(create.isEnabled()).resolves.toBe(true);
    await dialog.getByLabel("Email").fill("");
    await expect(create.isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("checks the sign-up phone as a real number, shows it formatted and stores it as E.164", async () => {
    const invalid =
      "Enter a valid phone number with its country code, for example +1 415 555 0123.";
    for (const width of [1440, 390]) {
      const context = await live.browser.newContext({
        locale: "en-US",
        viewport: { width, height: 900 },
      });
      const email = `e2e-phone-${width}-${Date.now()}@example.com`;
      const page = await openDialog(context, "signup");
      const dialog = page.getByRole("dialog");
      const phone = dialog.getByLabel("Phone");
      await phone.fill("not a phone ☎");
      await phone.blur();
      await dialog.getByRole("alert").filter({ hasText: invalid }).waitFor();
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Password", { exact: true }).fill("ceramics2026");
      await dialog.getByLabel("Confirm password").fill("ceramics2026");
      await dialog.getByRole("button", { name: "Create Account" }).click();
      // Refused in the browser: no account was made.
      await dialog.getByRole("alert").filter({ hasText: invalid }).waitFor();
      await expect(phone.getAttribute("aria-invalid")).resolves.toBe("true");
      const mailbox = (await (await fetch(`${live.server.url}/api/dev/mailbox`)).json()) as {
        messages: { to: string }[];
      };
      expect(mailbox.messages.some((m) => m.to === email)).toBe(false);

      // National digits read in the browser's region (en-US), shown formatted on leaving.
      await phone.fill("(415) 555-0123");
      await phone.blur();
      // The check is asynchronous (its rules load on first use): wait for its outcome.
      await expect.poll(() => phone.inputValue()).toBe("+1 415 555 0123");
      await expect.poll(() => dialog.getByText(invalid).count()).toBe(0);
      const sent = page.waitForRequest((request) => request.url().includes("/sign-up/email"));
      await dialog.getByRole("button", { name: "Create Account" }).click();
      expect((await sent).postDataJSON()).toMatchObject({ phone: "+14155550123" });
      await dialog
        .getByText("Account created. Please check your email to confirm your address.")
        .waitFor();
      await context.close();
    }
  });

  it("opens the dialog from the site's calls to action for a visitor", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${live.server.url}/`);
    await page.getByRole("button", { name: "Log in" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Welcome to Sightline" });
    await dialog.waitFor();
    await expect(
      dialog.getByRole("tab", { name: "Login" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Get started free" }).first().click();
    await expect(
      dialog.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    await context.close();
  });

  it("shows the service's message in a red box when sign-in fails", async () => {
    const context = await live.browser.newContext();
    const page = await openDialog(context, "login");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("nobody@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("wrong password 1");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await context.close();
  });

  it("signs up, confirms by e-mail, stays signed in, shares the session, signs out", async () => {
    const context = await live.browser.newContext();
    const email = `e2e-${Date.now()}@example.com`;
    const page = await openDialog(context, "signup");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First name").fill("Lena");
    await dialog.getByLabel("Last name").fill("Park");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("ceramics2026");
    await dialog.getByLabel("Confirm password").fill("ceramics2026");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog
      .getByText("Account created. Please check your email to confirm your address.")
      .waitFor();

    // Not signed in yet: the protected route sends us home.
    await page.goto(`${live.server.url}/dashboard`);
    await page.waitForURL(`${live.server.url}/`);

    await page.goto(await latestLink(email));
    await page.waitForURL(`${live.server.url}/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Welcome, Lena Park.").waitFor();

    await page.reload();
    await page.getByText("Welcome, Lena Park.").waitFor();

    const second = await context.newPage();
    await second.goto(`${live.server.url}/dashboard`);
    await second.getByText("Welcome, Lena Park.").waitFor();

    // A signed-in user never sees the dialog: calls to action go to the dashboard, even when
    // the click comes before the page's script has started.
    await second.goto(`${live.server.url}/?auth=login`);
    await second.waitForTimeout(500);
    await expect(second.getByRole("dialog").count()).resolves.toBe(0);
    await second.goto(`${live.server.url}/`);
    await second.getByRole("button", { name: "Get started free" }).first().click();
    await second.waitForURL(`${live.server.url}/dashboard`);
    await expect(second.getByRole("dialog").count()).resolves.toBe(0);
    await second.close();

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByText("Logged out").waitFor();
    await page.waitForURL(`${live.server.url}/`);
    await page.goto(`${live.server.url}/dashboard`);
    await page.waitForURL(`${live.server.url}/`);
    await context.close();

    // Signing in with the confirmed account: toast, then the dashboard.
    const fresh = await live.browser.newContext();
    const login = await openDialog(fresh, "login");
    const loginDialog = login.getByRole("dialog");
    await loginDialog.getByLabel("Email").fill(email);
    await loginDialog.getByLabel("Password", { exact: true }).fill("ceramics2026");
    await loginDialog.getByRole("button", { name: "Sign In" }).click();
    await login.getByText("Signed in successfully!").waitFor();
    await login.waitForURL(`${live.server.url}/dashboard`);
    await fresh.close();
  });

  it("resets a forgotten password from the e-mailed link", async () => {
    const email = `reset-${Date.now()}@example.com`;
    // An account made through the API, confirmed through its link.
    await fetch(`${live.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: live.server.url },
      body: JSON.stringify({
        email,
        password: "original11",
        name: "x",
        callbackURL: "/auth/callback",
      }),
    });
    await fetch(await latestLink(email), { redirect: "manual" });

    const context = await live.browser.newContext();
    const page = await openDialog(context, "login");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await dialog.getByText(/If an account exists for this address/).waitFor();

    await page.goto(await latestLink(email));
    await page.waitForURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel("New password").fill("changed22");
    await page.getByLabel("Confirm password").fill("changed22");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByText(/Your password was changed/).waitFor();
    await context.close();

    const signIn = await fetch(`${live.server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: live.server.url },
      body: JSON.stringify({ email, password: "changed22" }),
    });
    expect(signIn.status).toBe(200);
  });

  it("shows a way back when a confirmation link is no longer valid", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(
      `${live.server.url}/api/auth/verify-email?token=not-a-token&callbackURL=/auth/callback`,
    );
    await page.getByRole("heading", { name: "We couldn't finish signing you in" }).waitFor();
    await page.getByRole("link", { name: "Back to Sightline" }).waitFor();
    await context.close();
  });
});
