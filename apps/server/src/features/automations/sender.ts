import { AUTOMATION_NOTIFY_EVERY_MS, type AutomationActionKind } from "@sightline/contracts";
import {
  type AutomationActionRow,
  type AutomationRunRow,
  actionsOfAutomationRun,
  automationsPaused,
  claimAutomationAction,
  claimPrivateReply,
  dmThreadsOf,
  findAutomationRule,
  findInboxPerson,
  findInstagramConnection,
  findWorkspace,
  insertComments,
  labelConversation,
  lastAutomationNotifyAt,
  listDueAutomationActions,
  listInboxLabels,
  listMembers,
  nextAutomationActionDue,
  postponeAutomationActions,
  postponeAutomationNotifications,
  queuedAutomationNotifications,
  sentAutomationActions,
  settleAutomationActions,
  settlePrivateReply,
  updateAutomationAction,
} from "@sightline/db";
import {
  isGraphApiError,
  isOutsideMessagingWindow,
  isRateLimited,
} from "@sightline/instagram-graph";
import { dateOf } from "../../platform/clock.ts";
import { defineDrainJob } from "../../platform/drain-job.ts";
import { automationNotifyMessage } from "../../platform/mail/templates.ts";
import { accountClientFor } from "../instagram/index.ts";
import { can } from "../plans/index.ts";
import type { AutomationsContext } from "./context.ts";
import { instagramKinds, isInstagramKind, paceOf } from "./pace.ts";

const BATCH = 100;
const HOUR_MS = 3_600_000;
/** Transient failures are tried this many times before the action is failed. */
const MAX_ATTEMPTS = 5;

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

/** The message's link as a button under its text (Instagram's button template, contract §5.2). */
function linkButton(action: AutomationActionRow): { title: string; url: string } | undefined {
  return action.linkUrl ? { title: action.linkTitle ?? "Open", url: action.linkUrl } : undefined;
}

type Outcome =
  | { status: "sent"; resultId: string; reason?: string }
  | { status: "skipped" | "failed"; reason: string }
  | { status: "retry"; reason: string; atMs: number };

/** What an attempt came to, or "taken": another drain changed the row since this one read it. */
type Attempt = Outcome | { status: "taken" };

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
  const text = action.text;
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
  account: Extract<AccountPass, { stop: undefined }>,
): Promise<Attempt> {
  const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
  const { connection, client } = account;
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
  // Only if the row is still as this drain read it: otherwise another drain has it.
  if (!(await claimAutomationAction(ctx.db, action, new Date(nowMs)))) return { status: "taken" };
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
      const text = action.linkUrl ? `${action.text ?? ""}\n${action.linkUrl}` : (action.text ?? "");
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
        const sent = await client.sendPrivateReply(
          run.sourceId,
          action.text ?? "",
          linkButton(action),
        );
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
    const button = linkButton(action);
    const sent = button
      ? await client.sendButtons(run.personId, action.text ?? "", [button])
      : await client.sendText(run.personId, action.text ?? "");
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
 * account; what waits stays queued, in order, with its time.
 *
 * One drain at a time (defineDrainJob): two at once over one database would each count the
 * hour's sends without the other's and both take the same action (the second then finding the
 * first's private reply and calling it "Already replied"). `claimAutomationAction` is the last
 * guard.
 */
const sends = defineDrainJob<AutomationsContext>({
  name: "automations-send",
  pass: (ctx) => drainOnce(ctx),
  // The pace's wake-ups are a second away (the per-second ceiling): look for due ones each second.
  dueCheckSeconds: 1,
});
export const sendAutomationActionsJob = sends.job;
/** One drain of the send queue, after any running one; answers how many actions it settled. */
export const drainAutomationActions = sends.drain;

/**
 * What one pass of the drain knows of an account, read once: why nothing may go out (plan,
 * pause, connection), or the client and what was sent in the last hour (kept current as it sends).
 */
type AccountPass =
  | { stop: string; failed: boolean }
  | {
      stop: undefined;
      workspaceId: string;
      connection: NonNullable<Awaited<ReturnType<typeof findInstagramConnection>>>;
      client: ReturnType<typeof accountClientFor>;
      sent: Array<{ kind: AutomationActionKind; at: number }>;
    };

async function accountPass(
  ctx: AutomationsContext,
  action: AutomationActionRow,
  nowMs: number,
): Promise<AccountPass> {
  const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
  const workspace = await findWorkspace(ctx.db, action.workspaceId);
  if (!workspace || !can({ plan: workspace.plan }, "automations"))
    return { stop: "Plan: automations need the Pro plan.", failed: false };
  if (await automationsPaused(ctx.db, scope))
    return { stop: "Paused before it was sent.", failed: false };
  const connection = await findInstagramConnection(ctx.db, scope.workspaceId, scope.accountId);
  if (connection?.status !== "active") {
    return {
      stop: "The Instagram account is not connected: reconnect it in Settings.",
      failed: true,
    };
  }
  const sent = await sentAutomationActions(ctx.db, action.accountId, new Date(nowMs - HOUR_MS));
  return {
    stop: undefined,
    workspaceId: scope.workspaceId,
    connection,
    client: accountClientFor(ctx.instagram, connection),
    sent: sent.map((row) => ({ kind: row.kind, at: row.sentAt.getTime() })),
  };
}

async function drainOnce(ctx: AutomationsContext): Promise<number> {
  let settled = 0;
  // What waits for its pace in this drain: "account:kind", or "notify:rule" for a digest.
  const held = new Set<string>();
  const heldKey = (action: AutomationActionRow & { run: AutomationRunRow }) =>
    action.kind === "notify" ? `notify:${action.run.ruleId}` : `${action.accountId}:${action.kind}`;
  for (;;) {
    const now = dateOf(ctx.now);
    const due = (await listDueAutomationActions(ctx.db, now, BATCH)).filter(
      (action) => !held.has(heldKey(action)),
    );
    if (due.length === 0) break;
    let progressed = false;
    // Each account's state is read once per pass (a batch), not once per action.
    const accounts = new Map<string, AccountPass>();
    for (const action of due) {
      if (held.has(heldKey(action))) continue;
      const nowMs = ctx.now();
      let account = accounts.get(action.accountId);
      if (!account) {
        account = await accountPass(ctx, action, nowMs);
        accounts.set(action.accountId, account);
      }
      if (account.stop !== undefined) {
        await updateAutomationAction(ctx.db, action.id, {
          status: account.failed && action.kind !== "notify" ? "failed" : "skipped",
          reason: account.stop,
        });
        settled++;
        progressed = true;
        continue;
      }
      if (action.kind === "label") {
        const outcome = await labelThread(ctx, action, nowMs);
        if ((await record(ctx, action, outcome, outcome.counts ? 1 : 0)) !== undefined) {
          settled++;
          progressed = true;
        }
        continue;
      }
      if (action.kind === "notify") {
        const result = await notifyTeam(ctx, action, nowMs, account.connection.instagramUsername);
        if (result.settled > 0) {
          settled += result.settled;
          progressed = true;
        }
        held.add(heldKey(action));
        continue;
      }
      // The hour's pace: at the limit, everything of this kind waits until the oldest send of
      // the window is an hour old (order kept: they all move to that instant).
      if (!isInstagramKind(action.kind)) continue;
      const pace = paceOf(action.kind, ctx.limits);
      const hour = account.sent.filter(
        (send) =>
          send.at > nowMs - HOUR_MS && (pace.kinds as readonly string[]).includes(send.kind),
      );
      if (hour.length >= pace.perHour) {
        const until = new Date(hour[hour.length - pace.perHour]!.at + HOUR_MS);
        await postponeAutomationActions(ctx.db, action.accountId, [...pace.kinds], until);
        await wakeAt(ctx, until);
        held.add(heldKey(action));
        continue;
      }
      const lastSecond = account.sent.filter(
        (send) => send.at > nowMs - 1000 && isInstagramKind(send.kind),
      );
      if (lastSecond.length >= ctx.limits.perSecond) {
        const until = new Date(lastSecond[lastSecond.length - ctx.limits.perSecond]!.at + 1000);
        await wakeAt(ctx, until);
        for (const kind of instagramKinds) held.add(`${action.accountId}:${kind}`);
        continue;
      }
      const outcome = await perform(ctx, action, action.run, nowMs, account);
      if (outcome.status === "taken") continue;
      if (outcome.status === "sent") ctx.crashAfter?.("sent");
      const at = await record(ctx, action, outcome, 1);
      if (at === undefined) {
        held.add(heldKey(action));
        continue;
      }
      if (outcome.status === "sent") {
        account.sent.push({ kind: action.kind, at });
        await ctx.outgoing.emit(action.workspaceId, {
          type: "automation.sent",
          key: String(action.id),
          data: {
            account_id: action.accountId,
            automation_id: action.run.ruleId,
            action: action.kind,
            result_id: outcome.resultId,
            sent_at: new Date(at).toISOString(),
          },
        });
      }
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

/**
 * Writes an action's outcome: a retry goes back in the queue at its time (with `looks` more
 * attempts) and the drain is woken then, answering undefined; anything else is settled, answering
 * the time it was settled.
 */
async function record(
  ctx: AutomationsContext,
  action: AutomationActionRow,
  outcome: Outcome,
  looks: number,
): Promise<number | undefined> {
  if (outcome.status === "retry") {
    await updateAutomationAction(ctx.db, action.id, {
      status: "queued",
      reason: outcome.reason,
      dueAt: new Date(outcome.atMs),
      attempts: action.attempts + looks,
    });
    await wakeAt(ctx, new Date(outcome.atMs));
    return undefined;
  }
  const at = ctx.now();
  await updateAutomationAction(ctx.db, action.id, {
    status: outcome.status,
    reason: outcome.reason ?? null,
    ...(outcome.status === "sent" ? { sentAt: new Date(at), resultId: outcome.resultId } : {}),
  });
  return at;
}

/** How long a label waits for its DM thread to reach the inbox, between looks, and how often. */
const LABEL_LOOK_MS = 10_000;
const LABEL_LOOKS = 6;

/**
 * The "label" action: the rule's labels on the person's DM thread. A comment's thread is the one
 * its private reply opened, so the label waits for that reply; a thread Instagram has not yet
 * told the inbox about is looked for again a few times.
 */
async function labelThread(
  ctx: AutomationsContext,
  action: AutomationActionRow & { run: AutomationRunRow },
  nowMs: number,
): Promise<Outcome & { counts?: boolean }> {
  const { run } = action;
  const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
  let messageId = run.sourceId;
  if (run.trigger === "comment") {
    const reply = (await actionsOfAutomationRun(ctx.db, run.id)).find(
      (other) => other.kind === "private_reply",
    );
    if (!reply || reply.status === "skipped" || reply.status === "failed") {
      return {
        status: "skipped",
        reason: "No DM thread to label: the private reply was not sent.",
      };
    }
    if (reply.status !== "sent") {
      // Not counted as a look: the private reply is waiting for its pace.
      const atMs = Math.max(reply.dueAt.getTime(), nowMs) + 1000;
      return { status: "retry", reason: "Waits for the private reply.", atMs };
    }
    messageId = reply.resultId ?? "";
  }
  const threads = await dmThreadsOf(ctx.db, scope, {
    messageIds: messageId ? [messageId] : [],
    personIds: [run.personId],
  });
  const threadId = threads.get(messageId) ?? threads.get(run.personId);
  if (!threadId) {
    if (action.attempts + 1 >= LABEL_LOOKS) {
      return {
        status: "failed",
        reason: "The DM thread did not reach Sightline in time: label it in the inbox.",
      };
    }
    return {
      status: "retry",
      reason: "Waits for the DM thread to reach the inbox.",
      atMs: nowMs + LABEL_LOOK_MS,
      counts: true,
    };
  }
  const wanted = (action.text ?? "").split(",").filter(Boolean);
  const labels = (await listInboxLabels(ctx.db, scope.workspaceId)).filter((label) =>
    wanted.includes(label.id),
  );
  if (labels.length === 0) return { status: "skipped", reason: "Its labels were deleted." };
  await labelConversation(
    ctx.db,
    scope,
    { kind: "dm", conversationId: threadId },
    labels.map((label) => label.id),
    null,
  );
  return {
    status: "sent",
    resultId: threadId,
    reason: `Labelled ${labels.map((label) => `“${label.name}”`).join(", ")}.`,
  };
}

/** Who hears of a rule's matches: the members who answer the inbox. */
const notifiedRoles = new Set(["owner", "admin", "editor"]);

function describeMatch(run: AutomationRunRow, username: string | null): string {
  const who = username ? `@${username}` : "Someone";
  const quote = (text: string | null) => {
    const flat = (text ?? "").replace(/\s+/g, " ").trim();
    return flat.length > 120 ? `“${flat.slice(0, 119)}…”` : `“${flat}”`;
  };
  if (run.trigger === "comment") return `${who} commented ${quote(run.text)}`;
  if (run.trigger === "story_mention") return `${who} mentioned you in their story`;
  if (run.trigger === "story_reply") return `${who} replied to your story: ${quote(run.text)}`;
  return `${who} wrote ${quote(run.text)}`;
}

/**
 * The "notify" action: one e-mail per rule with every match since the last one, at most every
 * 15 minutes (a viral post sends a digest, not a thousand e-mails).
 */
async function notifyTeam(
  ctx: AutomationsContext,
  action: AutomationActionRow & { run: AutomationRunRow },
  nowMs: number,
  accountUsername: string,
): Promise<{ settled: number }> {
  const ruleId = action.run.ruleId;
  const last = await lastAutomationNotifyAt(ctx.db, ruleId);
  if (last && last.getTime() + AUTOMATION_NOTIFY_EVERY_MS > nowMs) {
    const until = new Date(last.getTime() + AUTOMATION_NOTIFY_EVERY_MS);
    await postponeAutomationNotifications(ctx.db, ruleId, until);
    await wakeAt(ctx, until);
    return { settled: 0 };
  }
  const scope = { workspaceId: action.workspaceId, accountId: action.accountId };
  const [rule, items, members] = await Promise.all([
    findAutomationRule(ctx.db, scope, ruleId),
    queuedAutomationNotifications(ctx.db, ruleId),
    listMembers(ctx.db, action.workspaceId),
  ]);
  const ids = items.map((item) => item.id);
  const recipients = members.filter((member) => notifiedRoles.has(member.role));
  if (!rule || recipients.length === 0) {
    await settleAutomationActions(ctx.db, ids, {
      status: "skipped",
      reason: rule ? "No member answers the inbox to notify." : "The automation was deleted.",
      sentAt: null,
      resultId: null,
    });
    return { settled: ids.length };
  }
  const lines: string[] = [];
  for (const item of items.slice(0, 10)) {
    const username =
      item.run.personUsername ??
      (await findInboxPerson(ctx.db, scope, item.run.personId))?.username ??
      null;
    lines.push(describeMatch(item.run, username));
  }
  const url = new URL("/messages?tab=automations", ctx.publicUrl).toString();
  try {
    for (const member of recipients) {
      await ctx.mailer.sendEmail(
        automationNotifyMessage(member.email, {
          rule: rule.name,
          username: accountUsername,
          lines,
          total: items.length,
          url,
        }),
      );
    }
  } catch (error) {
    const attempts = action.attempts + 1;
    const reason = `The e-mail could not be sent (${error instanceof Error ? error.message : String(error)}).`;
    if (attempts >= MAX_ATTEMPTS) {
      await settleAutomationActions(ctx.db, ids, {
        status: "failed",
        reason,
        sentAt: null,
        resultId: null,
      });
      return { settled: ids.length };
    }
    const atMs = nowMs + backoffMs(attempts);
    await updateAutomationAction(ctx.db, action.id, { attempts, reason });
    await postponeAutomationNotifications(ctx.db, ruleId, new Date(atMs));
    await wakeAt(ctx, new Date(atMs));
    return { settled: 0 };
  }
  await settleAutomationActions(ctx.db, ids, {
    status: "sent",
    reason: `E-mailed ${recipients.length === 1 ? "1 member" : `${recipients.length} members`}.`,
    sentAt: new Date(ctx.now()),
    resultId: null,
  });
  return { settled: ids.length };
}

async function wakeAt(ctx: AutomationsContext, at: Date) {
  await ctx.queue.send(sendAutomationActionsJob, { at: at.toISOString() }, { startAt: at });
}
