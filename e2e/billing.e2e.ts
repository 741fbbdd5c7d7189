import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeServer } from "../apps/server/src/testing/stripe-server.ts";
import { signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import type { StartOptions } from "./support/server.ts";

/*
 * Billing with Stripe in the browser (issue 30 point 4, decision 028): the server talks to a
 * local stand-in for Stripe's API, whose Checkout and portal pages are served by the stand-in
 * itself; Stripe's webhook deliveries are signed with the SDK's own test-header helper.
 */

const WEBHOOK_SECRET = "whsec_e2etestsecret0123";
const PRICE_PRO = "price_e2epro";
const sdk = new Stripe("sk_test_signing");

describe.skipIf(!hasChromium())("billing with Stripe in the browser", () => {
  let stripe: Awaited<ReturnType<typeof startStripeServer>>;
  // Filled in once the stand-in listens; the server starts after (hooks run in order).
  const options: StartOptions = { env: {} };
  beforeAll(async () => {
    stripe = await startStripeServer({ pagesOnSelf: true });
    options.env = {
      STRIPE_SECRET_KEY: "sk_test_e2e123",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: "price_e2estarter",
      STRIPE_PRICE_PRO: PRICE_PRO,
      STRIPE_PRICE_PREMIUM: "price_e2epremium",
      STRIPE_API_URL: stripe.url,
      PLAN_PRICES: "starter=€9 a month,pro=€29 a month,premium=€79 a month",
    };
  });
  const live = useServerAndBrowser(options);
  afterAll(async () => {
    await stripe?.close();
  });

  let eventCount = 0;
  async function deliver(type: string, object: Record<string, unknown>) {
    eventCount++;
    const payload = JSON.stringify({
      id: `evt_e2e_${eventCount}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000) + eventCount,
      data: { object },
    });
    const response = await fetch(`${live.server.url}/api/billing/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": sdk.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { outcome: string };
  }

  it("the owner upgrades through Checkout, the webhook turns Pro on, and a failed payment shows the banner", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "billing",
    });
    await page.goto(`${live.server.url}/settings#plan`);
    await page.getByTestId("current-plan").waitFor();
    expect(await page.getByTestId("price-pro").textContent()).toBe("€29 a month");

    await page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    const checkout = stripe.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(checkout?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": PRICE_PRO,
      success_url: `${live.server.url}/settings?checkout=done#plan`,
    });
    const workspaceId = checkout!.form.client_reference_id!;
    const customer = checkout!.form.customer!;

    // Stripe tells us the payment went through.
    stripe.subscriptions.set("sub_e2e", {
      id: "sub_e2e",
      object: "subscription",
      customer,
      status: "active",
      metadata: { workspaceId },
      items: { object: "list", data: [{ id: "si_e2e", price: { id: PRICE_PRO } }] },
    });
    expect(
      await deliver("checkout.session.completed", {
        id: "cs_e2e",
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: workspaceId,
        customer,
        subscription: "sub_e2e",
      }),
    ).toEqual({ received: true, outcome: "applied" });

    // The page's live stream: a change made before it listens would reach it only on reload.
    const streamOpen = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/api/realtime"),
    );
    await page.goto(checkout!.form.success_url!);
    await streamOpen;
    await page.getByTestId("checkout-done").waitFor();
    await page.getByTestId("current-plan").filter({ hasText: /^Pro$/ }).waitFor();
    expect(await page.getByRole("button", { name: /Upgrade to/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Manage billing" }).waitFor();

    // A renewal fails: the open page hears of it (plan:changed) and shows the banner.
    await deliver("invoice.payment_failed", { id: "in_e2e", object: "invoice", customer });
    const banner = page.getByTestId("payment-failed-banner");
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toMatch(
      /^Your last payment failed\. Pro stays on until .+; update your card to keep it\.Manage billing$/,
    );
    await banner.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
