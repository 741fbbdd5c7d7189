import { planCan } from "@sightline/contracts";
import {
  claimWebhookDelivery,
  findWebhookEndpoint,
  findWorkspace,
  insertWebhookDeliveries,
  listDueWebhookDeliveries,
  listMembers,
  nextWebhookDeliveryDue,
  recordWebhookEndpointOutcome,
  settleWebhookDelivery,
  updateWebhookEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "@sightline/db";
import { SafeFetchError } from "../../lib/safe-fetch.ts";
import { dateOf } from "../../platform/clock.ts";
import { defineDrainJob } from "../../platform/drain-job.ts";
import { webhookEndpointDisabledMessage } from "../../platform/mail/templates.ts";
import { planOf } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import type { OutgoingWebhooksContext } from "./context.ts";
import { retryDelayAfter } from "./retry-schedule.ts";
import { signWebhook, webhookSecretContext } from "./signing.ts";

const BATCH = 10;
/** How long an attempt holds its row: past the fetch's 10 s, so a live attempt is never doubled. */
const LEASE_MS = 60_000;
/** How much of an answer the log keeps. */
const EXCERPT_MAX = 300;

/**
 * The delivery drain (decision 034): every pending delivery that is due goes out, a batch at a
 * time; failures are written with their next attempt, and the drain wakes itself up for the
 * next one due. One drain at a time across processes, one after another in one (defineDrainJob).
 */
const deliveries = defineDrainJob<OutgoingWebhooksContext>({
  name: "outgoing-webhooks-deliver",
  pass: (ctx) => drainOnce(ctx),
});
export const deliverWebhooksJob = deliveries.job;
/** One pass of the drain, after any running one in this process; answers the attempts made. */
export const drainWebhookDeliveries = deliveries.drain;

async function drainOnce(ctx: OutgoingWebhooksContext): Promise<number> {
  let attempts = 0;
  for (;;) {
    const due = await listDueWebhookDeliveries(ctx.db, dateOf(ctx.now), BATCH);
    if (due.length === 0) break;
    const made = await Promise.all(due.map((delivery) => attemptDelivery(ctx, delivery)));
    const count = made.filter(Boolean).length;
    attempts += count;
    if (count === 0) break;
  }
  const next = await nextWebhookDeliveryDue(ctx.db);
  if (next && next.getTime() > ctx.now()) await wakeAt(ctx, next);
  return attempts;
}

async function wakeAt(ctx: OutgoingWebhooksContext, at: Date) {
  await ctx.queue.send(deliverWebhooksJob, { at: at.toISOString() }, { startAt: at });
}

type Answer = { code: number | null; excerpt: string | null; ok: boolean };

/** Why a request got no answer, in the log's words (never the URL's secrets or the body). */
function noAnswer(error: unknown): string {
  if (!(error instanceof SafeFetchError)) return "The request failed.";
  switch (error.reason) {
    case "timeout":
      return "No answer within 10 seconds.";
    case "private_address":
    case "redirect_refused":
    case "not_allowed":
    case "ip_literal":
      return "Refused: the URL now points to a private or reserved address.";
    case "not_https":
      return "Refused: the URL is not https.";
    case "too_large":
      return "The answer was too large.";
    case "network":
      return "Could not connect (the host did not resolve or refused the connection).";
    default:
      return "The request failed.";
  }
}

async function post(
  ctx: OutgoingWebhooksContext,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
): Promise<Answer> {
  const secret = ctx.vault.decrypt(
    endpoint.secret,
    webhookSecretContext(endpoint.workspaceId, endpoint.id),
  );
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(ctx.now() / 1000);
  try {
    const answer = await ctx.fetch(endpoint.url, {
      method: "POST",
      body,
      redirect: "manual",
      headers: {
        "content-type": "application/json",
        "user-agent": "Sightline-Webhooks/1",
        "sightline-event": delivery.eventType,
        "sightline-delivery": delivery.id,
        "sightline-timestamp": String(timestamp),
        "sightline-signature": signWebhook(secret, timestamp, body),
      },
    });
    const text = new TextDecoder().decode(answer.body.subarray(0, EXCERPT_MAX * 4));
    const excerpt =
      answer.status >= 300 && answer.status < 400
        ? `Redirect to ${answer.headers.get("location") ?? "nowhere"} (not followed).`
        : text.slice(0, EXCERPT_MAX);
    return {
      code: answer.status,
      excerpt: excerpt.length > 0 ? excerpt : null,
      ok: answer.status >= 200 && answer.status < 300,
    };
  } catch (error) {
    return { code: null, excerpt: noAnswer(error), ok: false };
  }
}

/** Makes one attempt of a due delivery; answers false when another drain had it. */
async function attemptDelivery(
  ctx: OutgoingWebhooksContext,
  delivery: WebhookDeliveryRow,
): Promise<boolean> {
  const now = dateOf(ctx.now);
  if (!(await claimWebhookDelivery(ctx.db, delivery, now, new Date(now.getTime() + LEASE_MS)))) {
    return false;
  }
  const endpoint = await findWebhookEndpoint(ctx.db, delivery.workspaceId, delivery.endpointId);
  if (!endpoint) return true;
  const skip = async (reason: string) => {
    await settleWebhookDelivery(ctx.db, delivery, {
      status: "given_up",
      responseCode: null,
      responseExcerpt: reason,
      durationMs: 0,
      deliveredAt: now,
    });
    return true;
  };
  if (!delivery.manual) {
    if (!endpoint.enabled) return skip("Not sent: the endpoint is switched off.");
    if (!planCan(await planOf(ctx.db, delivery.workspaceId, now), "publicApi")) {
      return skip("Not sent: the workspace's plan no longer includes webhooks.");
    }
  }
  const started = performance.now();
  const answer = await post(ctx, endpoint, delivery);
  const durationMs = Math.round(performance.now() - started);
  const settled = {
    responseCode: answer.code,
    responseExcerpt: answer.excerpt,
    durationMs,
    deliveredAt: dateOf(ctx.now),
  };
  if (answer.ok) {
    await settleWebhookDelivery(ctx.db, delivery, { status: "succeeded", ...settled });
    if (endpoint.consecutiveFailures > 0) {
      await recordWebhookEndpointOutcome(ctx.db, endpoint.workspaceId, endpoint.id, "succeeded");
    }
    return true;
  }
  // "Send test event" and "Resend" are one attempt each, and never switch an endpoint off.
  const delay = delivery.manual ? undefined : retryDelayAfter(ctx.retry, delivery.attempt);
  if (delivery.manual || delay !== undefined) {
    await settleWebhookDelivery(ctx.db, delivery, { status: "failed", ...settled });
  }
  if (delivery.manual) return true;
  if (delay !== undefined) {
    const nextAt = new Date(ctx.now() + delay);
    await insertWebhookDeliveries(ctx.db, [
      {
        workspaceId: delivery.workspaceId,
        endpointId: delivery.endpointId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        payload: delivery.payload,
        attempt: delivery.attempt + 1,
        status: "pending",
        nextAttemptAt: nextAt,
        createdAt: dateOf(ctx.now),
      },
    ]);
    return true;
  }
  await settleWebhookDelivery(ctx.db, delivery, { status: "given_up", ...settled });
  const after = await recordWebhookEndpointOutcome(
    ctx.db,
    endpoint.workspaceId,
    endpoint.id,
    "given_up",
  );
  if (after?.enabled && after.consecutiveFailures >= ctx.retry.disableAfter) {
    await switchOff(ctx, after);
  }
  return true;
}

/** Switches a failing endpoint off and tells the workspace's owners by e-mail. */
async function switchOff(ctx: OutgoingWebhooksContext, endpoint: WebhookEndpointRow) {
  const reason = `Its last ${endpoint.consecutiveFailures} events failed on every attempt (${ctx.retry.delaysMs.length + 1} attempts each over several hours).`;
  await updateWebhookEndpoint(ctx.db, endpoint.workspaceId, endpoint.id, {
    enabled: false,
    disabledReason: reason,
    updatedAt: dateOf(ctx.now),
  });
  ctx.logger.warn(
    { workspaceId: endpoint.workspaceId, endpointId: endpoint.id },
    "webhook endpoint switched off after repeated failures",
  );
  await recordAudit(ctx, { workspaceId: endpoint.workspaceId }, "webhook.disabled", {
    target: endpoint.id,
  });
  const [workspace, members] = await Promise.all([
    findWorkspace(ctx.db, endpoint.workspaceId),
    listMembers(ctx.db, endpoint.workspaceId),
  ]);
  const settingsUrl = new URL("/settings#developers", ctx.publicUrl).toString();
  for (const member of members.filter((entry) => entry.role === "owner")) {
    try {
      await ctx.mailer.sendEmail(
        webhookEndpointDisabledMessage(member.email, {
          workspace: workspace?.name ?? "your workspace",
          url: endpoint.url,
          reason,
          settingsUrl,
        }),
      );
    } catch (error) {
      ctx.logger.warn({ err: error, endpointId: endpoint.id }, "webhook switch-off e-mail failed");
    }
  }
}
