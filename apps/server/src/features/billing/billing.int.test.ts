import { auditEvents, stripeEvents, workspaceBilling, workspaces } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { startStripeServer } from "../../testing/stripe-server.ts";
import { STRIPE_WEBHOOK_MAX_BYTES } from "./index.ts";

/*
 * Billing with Stripe (issue 30 point 4, decision 028): Checkout and the portal against a local
 * stand-in for Stripe's API, and the webhook signed with the SDK's own test-header helper.
 */

const WEBHOOK_SECRET = "whsec_testsecret0123456789";
const PRICES = { starter: "price_starter1", pro: "price_pro1", premium: "price_premium1" };
const DAY_MS = 24 * 60 * 60 * 1000;

let stripeServer: Awaited<ReturnType<typeof startStripeServer>>;
let testApp: TestApp;
/** The app's clock. */
const nowMs = Date.now();
const sdk = new Stripe("sk_test_signing");

beforeAll(async () => {
  stripeServer = await startStripeServer();
  testApp = await createTestApp({
    now: () => nowMs,
    env: {
      STRIPE_SECRET_KEY: "sk_test_123abc",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: PRICES.starter,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_PRICE_PREMIUM: PRICES.premium,
      STRIPE_GRACE_DAYS: "5",
      STRIPE_API_URL: stripeServer.url,
      PLAN_PRICES: "starter=€9 a month,pro=€29 a month",
    },
  });
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await stripeServer?.close();
});

let eventCount = 0;
function stripeEvent(type: string, object: Record<string, unknown>, created: number) {
  eventCount++;
  return {
    id: `evt_test_${eventCount}_${Date.now()}`,
    object: "event",
    type,
    created,
    data: { object },
  };
}

function subscription(
  id: string,
  customer: string,
  status: string,
  price: string,
  metadata: Record<string, string> = {},
) {
  return {
    id,
    object: "subscription",
    customer,
    status,
    metadata,
    items: {
      object: "list",
      data: [
        { id: `si_${id}`, object: "subscription_item", price: { id: price, object: "price" } },
      ],
    },
  };
}

/** Posts an event as Stripe would: the raw JSON, signed with the SDK's test-header helper. */
async function deliver(event: unknown, options: { secret?: string; header?: string } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.header ??
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: Math.floor(nowMs / 1000),
    });
  return testApp.app.request(`${TEST_PUBLIC_URL}/api/billing/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}

async function planOf(workspaceId: string) {
  const [row] = await testApp.database.db
    .select({ plan: workspaces.plan, planUntil: workspaces.planUntil })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row!;
}

async function billingChanges(workspaceId: string) {
  return testApp.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, workspaceId),
        eq(auditEvents.action, "workspace.plan_changed"),
      ),
    );
}

/** A signed-up owner whose workspace went through Checkout: its customer id is stored. */
async function ownerWithCustomer() {
  const { client, email } = await createVerifiedUser(testApp);
  const workspaceId = await personalWorkspaceId(testApp, email);
  const response = await client.post("/api/billing/checkout", { plan: "pro" });
  expect(response.status).toBe(200);
  const [row] = await testApp.database.db
    .select()
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  return { client, email, workspaceId, customer: row!.stripeCustomerId };
}

/** checkout.session.completed for `plan`, its subscription served by the Stripe stand-in. */
async function completeCheckout(
  workspaceId: string,
  customer: string,
  subscriptionId: string,
  price: string,
  created: number,
) {
  stripeServer.subscriptions.set(
    subscriptionId,
    subscription(subscriptionId, customer, "active", price, { workspaceId }),
  );
  return deliver(
    stripeEvent(
      "checkout.session.completed",
      {
        id: `cs_${subscriptionId}`,
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: workspaceId,
        customer,
        subscription: subscriptionId,
        metadata: { workspaceId },
      },
      created,
    ),
  );
}

describe("Checkout and the Customer Portal", () => {
  let client: HttpClient;
  let workspaceId: string;
  let email: string;
  beforeAll(async () => {
    ({ client, email } = await createVerifiedUser(testApp));
    workspaceId = await personalWorkspaceId(testApp, email);
  });

  it("GET /api/billing says billing is on, with the configured prices and no amounts of its own", async () => {
    const response = await client.get("/api/billing");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      enabled: true,
      prices: { starter: "€9 a month", pro: "€29 a month" },
      status: null,
      hasCustomer: false,
      graceUntil: null,
    });
  });

  it("makes the workspace's customer once, and a subscription-mode session with return URLs from PUBLIC_URL", async () => {
    const start = stripeServer.requests.length;
    const response = await client.request("/api/billing/checkout", {
      method: "POST",
      json: { plan: "starter" },
      // A forged Host or Referer must not steer where Stripe sends the owner back to.
      headers: { referer: "https://evil.example/" },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = stripeServer.requests.slice(start);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/customers",
      "POST /v1/checkout/sessions",
    ]);
    expect(sent[0]!.authorization).toBe("Bearer sk_test_123abc");
    expect(sent[0]!.form).toMatchObject({ email, "metadata[workspaceId]": workspaceId });
    expect(sent[1]!.form).toEqual({
      mode: "subscription",
      customer: "cus_test_1",
      client_reference_id: workspaceId,
      "metadata[workspaceId]": workspaceId,
      "metadata[plan]": "starter",
      "subscription_data[metadata][workspaceId]": workspaceId,
      "line_items[0][price]": PRICES.starter,
      "line_items[0][quantity]": "1",
      success_url: `${TEST_PUBLIC_URL}/settings?checkout=done#plan`,
      cancel_url: `${TEST_PUBLIC_URL}/settings#plan`,
    });

    // A second checkout reuses the customer.
    const again = await client.post("/api/billing/checkout", { plan: "pro" });
    expect(again.status).toBe(200);
    const next = stripeServer.requests.slice(start + 2);
    expect(next.map((request) => request.path)).toEqual(["/v1/checkout/sessions"]);
    expect(next[0]!.form).toMatchObject({
      customer: "cus_test_1",
      "line_items[0][price]": PRICES.pro,
    });
  });

  it("opens the Customer Portal for the workspace's customer, returning to Settings → Plan", async () => {
    const start = stripeServer.requests.length;
    const response = await client.post("/api/billing/portal");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "https://billing.stripe.com/p/session/test_1" });
    const [sent] = stripeServer.requests.slice(start);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/billing_portal/sessions",
      form: { customer: "cus_test_1", return_url: `${TEST_PUBLIC_URL}/settings#plan` },
    });
  });

  it("refuses a plan that cannot be bought, and the portal before there is a customer", async () => {
    expect((await client.post("/api/billing/checkout", { plan: "free" })).status).toBe(422);
    const other = await createVerifiedUser(testApp);
    const portal = await other.client.post("/api/billing/portal");
    expect(portal.status).toBe(409);
  });
});

describe("the Stripe webhook", () => {
  it("a valid signature applies checkout.session.completed: the plan from the subscription's price, by billing", async () => {
    const { client, workspaceId, customer } = await ownerWithCustomer();
    const created = Math.floor(nowMs / 1000);
    const response = await completeCheckout(workspaceId, customer, "sub_a1", PRICES.pro, created);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await planOf(workspaceId)).toEqual({ plan: "pro", planUntil: null });
    const changes = await billingChanges(workspaceId);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.details).toMatchObject({ from: "free", to: "pro", by: "billing" });
    expect(changes[0]!.details.stripeEventId).toMatch(/^evt_test_/);
    // The SDK asked Stripe for the subscription, on the stand-in.
    expect(stripeServer.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v1/subscriptions/sub_a1",
    });
    // Subscribed: a second Checkout would bill twice, so the plan changes in the portal.
    const again = await client.post("/api/billing/checkout", { plan: "premium" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "This workspace already has a subscription; change its plan in Manage billing.",
    );
    const status = (await (await client.get("/api/billing")).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ status: "active", hasCustomer: true, graceUntil: null });
  });

  it("a bad signature is 400 and nothing is applied or recorded", async () => {
    const { workspaceId, customer } = await ownerWithCustomer();
    const event = stripeEvent(
      "customer.subscription.updated",
      subscription("sub_b1", customer, "active", PRICES.premium),
      Math.floor(nowMs / 1000),
    );
    for (const attempt of [
      deliver(event, { secret: "whsec_someoneelse000000" }),
      deliver(event, { header: "t=1,v1=deadbeef" }),
      testApp.app.request(`${TEST_PUBLIC_URL}/api/billing/webhook`, {
        method: "POST",
        body: JSON.stringify(event),
      }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "bad_request",
      );
    }
    // The signature covers the bytes: the same header over a changed body fails too.
    const payload = JSON.stringify(event);
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await testApp.app.request(`${TEST_PUBLIC_URL}/api/billing/webhook`, {
      method: "POST",
      headers: { "stripe-signature": header },
      body: payload.replace(PRICES.premium, PRICES.starter),
    });
    expect(tampered.status).toBe(400);
    expect(await planOf(workspaceId)).toEqual({ plan: "free", planUntil: null });
    const recorded = await testApp.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, event.id));
    expect(recorded).toEqual([]);
  });

  it("a body over the webhook's limit is refused (413) before its signature is read", async () => {
    const response = await testApp.app.request(`${TEST_PUBLIC_URL}/api/billing/webhook`, {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=00" },
      body: "x".repeat(STRIPE_WEBHOOK_MAX_BYTES + 1),
    });
    expect(response.status).toBe(413);
  });

  it("a replayed event is acknowledged and applied once", async () => {
    const { workspaceId, customer } = await ownerWithCustomer();
    await completeCheckout(
      workspaceId,
      customer,
      "sub_c1",
      PRICES.starter,
      Math.floor(nowMs / 1000),
    );
    const failed = stripeEvent(
      "invoice.payment_failed",
      { id: "in_c1", object: "invoice", customer },
      Math.floor(nowMs / 1000) + 10,
    );
    const first = await deliver(failed);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    expect((await planOf(workspaceId)).planUntil).not.toBeNull();
    // Paid within the same second: the grace period ends.
    const paid = stripeEvent(
      "customer.subscription.updated",
      subscription("sub_c1", customer, "active", PRICES.starter),
      Math.floor(nowMs / 1000) + 10,
    );
    await deliver(paid);
    expect(await planOf(workspaceId)).toEqual({ plan: "starter", planUntil: null });
    // Stripe delivers the failure again (same event id): acknowledged, and nothing starts over.
    const again = await deliver(failed);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "replayed" });
    expect(await planOf(workspaceId)).toEqual({ plan: "starter", planUntil: null });
    // Checkout, the grace period, its end: three changes, not four.
    expect(await billingChanges(workspaceId)).toHaveLength(3);
    const recorded = await testApp.database.db
      .select({ outcome: stripeEvents.outcome })
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, failed.id));
    expect(recorded).toEqual([{ outcome: "applied" }]);
  });

  it("an event that could not be applied is not claimed: Stripe's retry applies it", async () => {
    const { workspaceId, customer } = await ownerWithCustomer();
    const event = stripeEvent(
      "checkout.session.completed",
      {
        id: "cs_g1",
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: workspaceId,
        customer,
        subscription: "sub_g1",
        metadata: { workspaceId },
      },
      Math.floor(nowMs / 1000),
    );
    // Stripe does not know the subscription yet (the stand-in answers 404): a 5xx, nothing kept.
    const failed = await deliver(event);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await planOf(workspaceId)).toEqual({ plan: "free", planUntil: null });
    stripeServer.subscriptions.set(
      "sub_g1",
      subscription("sub_g1", customer, "active", PRICES.starter, { workspaceId }),
    );
    const retried = await deliver(event);
    expect(await retried.json()).toEqual({ received: true, outcome: "applied" });
    expect((await planOf(workspaceId)).plan).toBe("starter");
  });

  it("an older event arriving after a newer one does not overwrite it", async () => {
    const { workspaceId, customer } = await ownerWithCustomer();
    const t = Math.floor(nowMs / 1000);
    await completeCheckout(workspaceId, customer, "sub_d1", PRICES.starter, t);
    const upgraded = stripeEvent(
      "customer.subscription.updated",
      subscription("sub_d1", customer, "active", PRICES.premium),
      t + 60,
    );
    const earlier = stripeEvent(
      "customer.subscription.updated",
      subscription("sub_d1", customer, "active", PRICES.pro),
      t + 30,
    );
    expect(await (await deliver(upgraded)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await deliver(earlier)).json()).toMatchObject({ outcome: "stale" });
    expect(await planOf(workspaceId)).toEqual({ plan: "premium", planUntil: null });
    // The deletion, then a late update from before it: Free stays.
    const deleted = stripeEvent(
      "customer.subscription.deleted",
      subscription("sub_d1", customer, "canceled", PRICES.premium),
      t + 120,
    );
    const lateUpdate = stripeEvent(
      "customer.subscription.updated",
      subscription("sub_d1", customer, "active", PRICES.premium),
      t + 90,
    );
    expect(await (await deliver(deleted)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await deliver(lateUpdate)).json()).toMatchObject({ outcome: "stale" });
    expect(await planOf(workspaceId)).toEqual({ plan: "free", planUntil: null });
  });

  it("a failed payment keeps the plan for the grace period with a banner, paying again clears it, and after it the plan reads as Free", async () => {
    const { client, workspaceId, customer } = await ownerWithCustomer();
    const t = Math.floor(nowMs / 1000);
    await completeCheckout(workspaceId, customer, "sub_e1", PRICES.pro, t);
    await deliver(
      stripeEvent("invoice.payment_failed", { id: "in_e1", object: "invoice", customer }, t + 5),
    );
    const graceEnd = new Date((t + 5) * 1000 + 5 * DAY_MS);
    expect(await planOf(workspaceId)).toEqual({ plan: "pro", planUntil: graceEnd });
    const status = (await (await client.get("/api/billing")).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ graceUntil: graceEnd.toISOString(), hasCustomer: true });
    // Stripe's retries go on: past_due does not lengthen the grace period.
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscription("sub_e1", customer, "past_due", PRICES.pro),
        t + 6,
      ),
    );
    expect((await planOf(workspaceId)).planUntil).toEqual(graceEnd);
    // Paid again: the end date goes.
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscription("sub_e1", customer, "active", PRICES.pro),
        t + 7,
      ),
    );
    expect(await planOf(workspaceId)).toEqual({ plan: "pro", planUntil: null });
    expect(
      ((await (await client.get("/api/billing")).json()) as { graceUntil: unknown }).graceUntil,
    ).toBeNull();
  });

  it("once the grace period is over the plan reads as Free by itself (no event needed)", async () => {
    const { client, workspaceId, customer } = await ownerWithCustomer();
    // A payment that failed six days ago, with five days' grace.
    const t = Math.floor(nowMs / 1000) - 7 * 24 * 60 * 60;
    await completeCheckout(workspaceId, customer, "sub_e2", PRICES.pro, t);
    await deliver(
      stripeEvent(
        "invoice.payment_failed",
        { id: "in_e2", object: "invoice", customer },
        t + DAY_MS / 1000,
      ),
    );
    expect((await planOf(workspaceId)).plan).toBe("pro");
    const plan = (await (await client.get("/api/plan")).json()) as { plan: string };
    expect(plan.plan).toBe("free");
    const status = (await (await client.get("/api/billing")).json()) as { graceUntil: unknown };
    expect(status.graceUntil).toBeNull();
  });

  it("customer.subscription.updated to canceled and customer.subscription.deleted put the workspace on Free", async () => {
    const { workspaceId, customer } = await ownerWithCustomer();
    const t = Math.floor(nowMs / 1000);
    await completeCheckout(workspaceId, customer, "sub_f1", PRICES.premium, t);
    expect((await planOf(workspaceId)).plan).toBe("premium");
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscription("sub_f1", customer, "canceled", PRICES.premium),
        t + 1,
      ),
    );
    expect(await planOf(workspaceId)).toEqual({ plan: "free", planUntil: null });
    const changes = await billingChanges(workspaceId);
    expect(changes.at(-1)!.details).toMatchObject({ from: "premium", to: "free", by: "billing" });
  });
});

describe("deleting the account", () => {
  it("cancels the workspace's running subscription at Stripe first, so it is never charged again", async () => {
    const { client, email, workspaceId, customer } = await ownerWithCustomer();
    await completeCheckout(workspaceId, customer, "sub_h1", PRICES.pro, Math.floor(nowMs / 1000));
    const start = stripeServer.requests.length;
    const deleted = await client.post("/api/settings/delete-account", {
      email,
      password: "correct horse 42",
    });
    expect(deleted.status).toBe(200);
    expect(
      stripeServer.requests.slice(start).map((request) => `${request.method} ${request.path}`),
    ).toContain("DELETE /v1/subscriptions/sub_h1");
    const left = await testApp.database.db
      .select()
      .from(workspaceBilling)
      .where(eq(workspaceBilling.workspaceId, workspaceId));
    expect(left).toEqual([]);
  });
});

describe("without billing configured", () => {
  it("checkout and portal say so; GET /api/billing says it is off; the webhook is not there", async () => {
    const plain = await createTestApp();
    try {
      const { client } = await createVerifiedUser(plain);
      expect(await (await client.get("/api/billing")).json()).toEqual({
        enabled: false,
        prices: null,
        status: null,
        hasCustomer: false,
        graceUntil: null,
      });
      for (const path of ["/api/billing/checkout", "/api/billing/portal"]) {
        const response = await client.post(path, { plan: "pro" });
        expect(response.status).toBe(409);
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
          "Billing is not set up on this server; the operator sets plans with npm run plan.",
        );
      }
      const webhook = await plain.app.request(`${TEST_PUBLIC_URL}/api/billing/webhook`, {
        method: "POST",
        body: "{}",
      });
      expect(webhook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
