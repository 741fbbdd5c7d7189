import type { AutomationActionKind } from "@sightline/contracts";
import {
  type AutomationActionRow,
  type AutomationRunRow,
  automationsPaused,
  claimPrivateReply,
  findInstagramConnection,
  findWorkspace,
  insertComments,
  listDueAutomationActions,
  nextAutomationActionDue,
  postponeAutomationActions,
  sentAutomationTimes,
  settlePrivateReply,
  updateAutomationAction,
} from "@sightline/db";
import {
  isGraphApiError,
  isOutsideMessagingWindow,
  isRateLimited,
} from "@sightline/instagram-graph";
import { z } from "zod";
import { dateOf } from "../../platform/clock.ts";
import { accountClientFor } from "../instagram/index.ts";
import { can } from "../plans/index.ts";
import { type AutomationLimits, type AutomationsContext, defineAutomationsJob } from "./context.ts";

const BATCH = 100;
const HOUR_MS = 3_600_000;
/** Transient failures are tried this many times before the action is failed. */
const MAX_ATTEMPTS = 5;

/** The pace's groups: each counts against its own hourly limit. */
export function paceOf(kind: AutomationActionKind, limits: AutomationLimits) {
  if (kind === "private_reply")
    return { kinds: ["private_reply"] as const, perHour: limits.privateRepliesPerHour };
  if (kind === "dm") return { kinds: ["dm"] as const, perHour: limits.dmsPerHour };
  return { kinds: ["public_reply"] as const, perHour: limits.publicRepliesPerHour };
}

/** Instagram's "already replied" to a second private reply of one comment. */
function alreadyPrivatelyReplied(error: unknown): boolean {
  return (
    isGraphApiError(error) && (error.code === 10900 || /already replied/i.test(error.graphMessage))
  );
}

/** "Try again in N min" back-off after Instagram's rate limit or a passing failure. */
function backoffMs(attempts: number): number {
  return Math.min(15 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** The message text with its link (Instagram shows a link in a DM as a preview card). */
function messageText(action: AutomationActionRow): string {
  return action.linkUrl
    ? `${action.text ?? ""}\n\n${action.linkTitle ?? "Link"}: ${action.linkUrl}`
    : (action.text ?? "");
}

type Outcome =
  | { status: "sent"; resultId: string; reason?: string }
  | { status: "skipped" | "failed"; reason: string }
  | { status: "retry"; reason: string; atMs: number };

/**
 * Whether an action left `sending` by a crash reached Instagram: a public reply the account
 * wrote under the comment since the attempt, or a DM with the same text in the conversation.
 * (A private reply needs no look: Instagram refuses a second one as "already replied".)
 */
async function alreadySent(
  client: ReturnType<typeof accountClientFor>,
  action: AutomationActionRow,
  run: AutomationRunRow,
  accountId: string,
): Promise<string | undefined> {
  const since = (action.attemptedAt?.getTime() ?? 0) - 5_000;
  const text = action.kind === "public_reply" ? action.text : messageText(action);
  if (action.kind === "public_reply") {
    const page = await client.listReplies(run.sourceId, { limit: 50 });
    return page.data.find(
      (reply) =>
        reply.from?.id === accountId &&
        reply.text === text &&
        Date.parse(reply.timestamp ?? "") >= since,
    )?.id;
  }
  const conversations = await client.listConversations({ userId: run.personId, limit: 1 });
  const conversation = conversations.data[0];
  if (!conversation) return undefined;
  const messages = await client.listMessages(conversation.id);
  return messages.messages.find(
    (message) =>
      message.from?.id === accountId &&
      message.message === text &&
      Date.parse(message.created_time ?? "") >= since,
  )?.id;
}

async function perform(
  ctx: AutomationsContext,
  action: AutomationActionRow,
  run: AutomationRunRow,
  nowMs: number,
): Promise<Outcome> {
  const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
  const connection = await findInstagramConnection(ctx.db, scope.workspaceId, scope.accountId);
  if (connection?.status !== "active") {
    return {
      status: "failed",
      reason: "The Instagram account is not connected: reconnect it in Settings.",
    };
  }
  const client = accountClientFor(ctx.instagram, connection);
  const resumed = action.status === "sending";
  if (resumed && action.kind !== "private_reply") {
    try {
      const found = await alreadySent(client, action, run, connection.instagramId);
      if (found) {
        return { status: "sent", resultId: found, reason: "Found at Instagram after a restart." };
      }
    } catch (error) {
      return failure(action, error, nowMs);
    }
  }
  // Written before Instagram is asked: a crash from here on leaves a row the next drain checks.
  await updateAutomationAction(ctx.db, action.id, {
    status: "sending",
    attempts: action.attempts + 1,
    attemptedAt: new Date(nowMs),
  });
  ctx.crashAfter?.("sending");
  try {
    if (action.kind === "public_reply") {
      const parentId = run.sourceId;
      const { id } = await client.replyToComment(parentId, action.text ?? "");
      await insertComments(ctx.db, [
        {
          ...scope,
          igCommentId: id,
          igMediaId: run.mediaId ?? "",
          mediaOwnerId: scope.accountId,
          parentIgCommentId: parentId,
          userIgsid: scope.accountId,
          username: connection.instagramUsername,
          text: action.text ?? "",
          createdAt: new Date(nowMs),
        },
      ]);
      return { status: "sent", resultId: id };
    }
    if (action.kind === "private_reply") {
      const text = messageText(action);
      if (
        !resumed &&
        !(await claimPrivateReply(ctx.db, scope, {
          commentId: run.sourceId,
          text,
          now: new Date(nowMs),
        }))
      ) {
        return {
          status: "skipped",
          reason: "Already replied: this comment has its private reply (Instagram allows one).",
        };
      }
      try {
        const sent = await client.sendPrivateReply(run.sourceId, text);
        await settlePrivateReply(ctx.db, scope, run.sourceId, {
          messageId: sent.message_id ?? "sent",
        });
        return { status: "sent", resultId: sent.message_id ?? "sent" };
      } catch (error) {
        if (resumed && alreadyPrivatelyReplied(error)) {
          return { status: "sent", resultId: "sent", reason: "Instagram had it before a restart." };
        }
        // Not sent: the claim goes, so a retry (or a member in the inbox) may send it. Unless
        // Instagram says the comment has its private reply already.
        if (!alreadyPrivatelyReplied(error)) {
          await settlePrivateReply(ctx.db, scope, run.sourceId, { failed: true });
        }
        throw error;
      }
    }
    const sent = await client.sendText(run.personId, messageText(action));
    return { status: "sent", resultId: sent.message_id ?? "sent" };
  } catch (error) {
    return failure(action, error, nowMs);
  }
}

/** What a failed attempt means: try again later, skipped by Instagram's rules, or failed. */
function failure(action: AutomationActionRow, error: unknown, nowMs: number): Outcome {
  if (isRateLimited(error)) {
    const atMs = nowMs + backoffMs(action.attempts + 1);
    return {
      status: "retry",
      reason: `Instagram asked to slow down; trying again at ${new Date(atMs).toISOString().slice(11, 16)} UTC.`,
      atMs,
    };
  }
  if (isOutsideMessagingWindow(error)) {
    return {
      status: "skipped",
      reason:
        action.kind === "private_reply"
          ? "Window closed: Instagram allows a private reply within 7 days of the comment."
          : "Window closed: Instagram allows a reply within 24 hours of the person's last message.",
    };
  }
  if (alreadyPrivatelyReplied(error)) {
    return {
      status: "skipped",
      reason: "Already replied: this comment has its private reply (Instagram allows one).",
    };
  }
  const message = isGraphApiError(error)
    ? error.graphMessage
    : error instanceof Error
      ? error.message
      : String(error);
  const transient =
    !isGraphApiError(error) ||
    error.isTransient ||
    error.code === 0 ||
    error.code === 1 ||
    error.code === 2;
  if (transient && action.attempts + 1 < MAX_ATTEMPTS) {
    const atMs = nowMs + backoffMs(action.attempts + 1);
    return {
      status: "retry",
      reason: `Instagram did not answer (${message}); trying again.`,
      atMs,
    };
  }
  return { status: "failed", reason: `Instagram refused: ${message}` };
}

/**
 * Sends the due actions of every account in queue order at the configured pace (issue 32): an
 * hourly limit per kind (private replies, DMs, public replies) and a per-second ceiling per
 * account; what waits stays queued, in order, with its time. One drain at a time.
 */
export const sendAutomationActionsJob = defineAutomationsJob({
  name: "automations-send",
  version: 1,
  schema: z.object({ at: z.string().optional() }),
  policy: "stately",
  key: (payload) => (payload.at ? `at:${payload.at.slice(0, 19)}` : "drain"),
  retryLimit: 5,
  retryDelaySeconds: 5,
  // The pace's wake-ups are a second away (the per-second ceiling): look for due ones each second.
  dueCheckSeconds: 1,
  async run(payload, ctx) {
    if (payload.at) {
      await ctx.queue.send(sendAutomationActionsJob, {});
      return;
    }
    await drainAutomationActions(ctx);
  },
});

const allKinds: AutomationActionKind[] = ["public_reply", "private_reply", "dm"];

/** One drain of the send queue; answers how many actions it settled. */
export async function drainAutomationActions(ctx: AutomationsContext): Promise<number> {
  let settled = 0;
  // Kinds of an account that wait for their pace in this drain ("account:kind").
  const held = new Set<string>();
  const heldKey = (action: AutomationActionRow) => `${action.accountId}:${action.kind}`;
  for (;;) {
    const now = dateOf(ctx.now);
    const due = (await listDueAutomationActions(ctx.db, now, BATCH)).filter(
      (action) => !held.has(heldKey(action)),
    );
    if (due.length === 0) break;
    let progressed = false;
    for (const action of due) {
      if (held.has(heldKey(action))) continue;
      const nowMs = ctx.now();
      const pace = paceOf(action.kind, ctx.limits);
      const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
      const workspace = await findWorkspace(ctx.db, action.workspaceId);
      const stop =
        !workspace || !can({ plan: workspace.plan }, "automations")
          ? "Plan: automations need the Pro plan."
          : (await automationsPaused(ctx.db, scope))
            ? "Paused before it was sent."
            : undefined;
      if (stop) {
        await updateAutomationAction(ctx.db, action.id, { status: "skipped", reason: stop });
        settled++;
        progressed = true;
        continue;
      }
      // The hour's pace: at the limit, everything of this kind waits until the oldest send of
      // the window is an hour old (order kept: they all move to that instant).
      const sent = await sentAutomationTimes(
        ctx.db,
        action.accountId,
        [...pace.kinds],
        new Date(nowMs - HOUR_MS),
      );
      if (sent.length >= pace.perHour) {
        const until = new Date(sent[sent.length - pace.perHour]!.getTime() + HOUR_MS);
        await postponeAutomationActions(ctx.db, action.accountId, [...pace.kinds], until);
        await wakeAt(ctx, until);
        held.add(heldKey(action));
        continue;
      }
      const lastSecond = await sentAutomationTimes(
        ctx.db,
        action.accountId,
        allKinds,
        new Date(nowMs - 1000),
      );
      if (lastSecond.length >= ctx.limits.perSecond) {
        const until = new Date(
          lastSecond[lastSecond.length - ctx.limits.perSecond]!.getTime() + 1000,
        );
        await wakeAt(ctx, until);
        for (const kind of allKinds) held.add(`${action.accountId}:${kind}`);
        continue;
      }
      const outcome = await perform(ctx, action, action.run, nowMs);
      if (outcome.status === "sent") ctx.crashAfter?.("sent");
      if (outcome.status === "retry") {
        await updateAutomationAction(ctx.db, action.id, {
          status: "queued",
          reason: outcome.reason,
          dueAt: new Date(outcome.atMs),
          attempts: action.attempts + 1,
        });
        await wakeAt(ctx, new Date(outcome.atMs));
        held.add(heldKey(action));
        continue;
      }
      await updateAutomationAction(ctx.db, action.id, {
        status: outcome.status,
        reason: outcome.reason ?? null,
        ...(outcome.status === "sent"
          ? { sentAt: new Date(ctx.now()), resultId: outcome.resultId }
          : {}),
      });
      settled++;
      progressed = true;
    }
    if (!progressed) break;
  }
  // Actions due later (a delay, quiet hours, the pace): wake up for the first of them.
  const next = await nextAutomationActionDue(ctx.db);
  if (next && next.getTime() > ctx.now()) await wakeAt(ctx, next);
  return settled;
}

async function wakeAt(ctx: AutomationsContext, at: Date) {
  await ctx.queue.send(sendAutomationActionsJob, { at: at.toISOString() }, { startAt: at });
}
