import type { Browser, Page } from "playwright-core";

export const E2E_PASSWORD = "ceramics2026";

/**
 * The first link (or the first that `matches`) of the newest dev-mailbox message to `email`. The
 * server sends some e-mail just after its answer (a sign-up's verification, `sendLater`): the
 * mailbox is read again every 200 ms until the link is there or `timeoutMs` has passed.
 */
export async function latestLinkFor(
  serverUrl: string,
  email: string,
  options: { matches?: (link: string) => boolean; timeoutMs?: number } = {},
): Promise<string> {
  const matches = options.matches ?? (() => true);
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const { messages } = (await (await fetch(`${serverUrl}/api/dev/mailbox`)).json()) as {
      messages: { to: string; links: string[] }[];
    };
    const link = messages.find((m) => m.to === email)?.links.find(matches);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A new account made through the API and signed in, in its own browser context, through its
 * verification link (it lands on /dashboard). Page errors are collected for the test to check.
 */
export async function signedInPage(
  browser: Browser,
  serverUrl: string,
  options: { prefix: string; width?: number },
) {
  const email = `${options.prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await fetch(`${serverUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serverUrl },
    body: JSON.stringify({
      email,
      password: E2E_PASSWORD,
      name: "x",
      firstName: "Lena",
      lastName: "Park",
      callbackURL: "/auth/callback",
    }),
  });
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(await latestLinkFor(serverUrl, email));
  await page.waitForURL(`${serverUrl}/dashboard`);
  return { page, context, email, errors };
}

/**
 * Puts the page's open workspace on `plan` through the test server's POST /api/test/plan (what
 * the operator's `npm run plan` does; issue 30), then reloads it unless `reload` is false. The
 * page must be signed in as its owner.
 */
export async function setPlan(
  page: Page,
  plan: "free" | "starter" | "pro" | "premium",
  { reload = true }: { reload?: boolean } = {},
) {
  await page.evaluate(async (chosen) => {
    const response = await fetch("/api/test/plan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: chosen }),
    });
    if (!response.ok) throw new Error(`POST /api/test/plan: ${response.status}`);
  }, plan);
  // An open tab hears of the change by realtime (analytics.e2e.ts checks that with no reload);
  // most callers want the new plan from a known start, so the page starts again.
  if (reload) await page.reload();
}
