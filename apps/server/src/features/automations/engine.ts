import {
  type AutomationActionKind,
  type AutomationTriggerKind,
  fillPlaceholders,
  matchKeywords,
  planNames,
  planRequiredFor,
  zonedParts,
} from "@sightline/contracts";
import {
  type AutomationRuleRow,
  automationsPaused,
  countActedRuns,
  findInstagramConnection,
  findWorkspace,
  firstPostAfter,
  type InstagramConnectionRow,
  listActedRunsOfPerson,
  listEnabledAutomationRules,
  type NewAction,
  type NewRun,
  recordAutomationRun,
} from "@sightline/db";
import { isGraphApiError } from "@sightline/instagram-graph";
import { dateOf } from "../../platform/clock.ts";
import { userTimeZone } from "../../platform/user-zone.ts";
import { accountClientFor, type InboxArrival } from "../instagram/index.ts";
import { can } from "../plans/index.ts";
import type { AutomationsContext } from "./context.ts";

const HOUR_MS = 3_600_000;
/** Instagram: one private reply per comment, within 7 days of it. */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 24 * HOUR_MS;
/** Instagram: a DM answers a person within 24 hours of their last message. */
export const DM_WINDOW_MS = 24 * HOUR_MS;

/** Which trigger kind a message is: a story mention, a story reply or a plain DM. */
export function triggerKindOf(arrival: InboxArrival): AutomationTriggerKind {
  if (arrival.kind === "comment") return "comment";
  if (arrival.storyMention) return "story_mention";
  return arrival.storyReply ? "story_reply" : "dm";
}

/**
 * When quiet hours (HH:MM to HH:MM in the account's zone, across midnight when `from` > `to`)
 * hold `at`, the instant they end; otherwise undefined.
 */
export function quietHoursEnd(
  at: Date,
  timeZone: string,
  quiet: { from: string; to: string } | null,
): Date | undefined {
  if (!quiet || quiet.from === quiet.to) return undefined;
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const parts = zonedParts(at, timeZone);
  const now = parts.hour * 60 + parts.minute;
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return undefined;
  const wait = (to - now + 1440) % 1440;
  const end = new Date(at.getTime() + wait * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}

/** Whether the rule watches the post the comment is on. */
async function watchesPost(
  ctx: AutomationsContext,
  rule: AutomationRuleRow,
  mediaId: string,
): Promise<boolean> {
  const posts = rule.trigger.posts;
  if (posts.mode === "any") return true;
  if (posts.mode === "chosen") return posts.mediaIds.includes(mediaId);
  // The next post: the first the account published after the rule was saved.
  const after = posts.after ? new Date(posts.after) : rule.createdAt;
  const next = await firstPostAfter(
    ctx.db,
    { workspaceId: rule.workspaceId, accountId: rule.accountId },
    after,
  );
  return next === mediaId;
}

type Decision =
  | { outcome: "skipped"; reason: string }
  | { outcome: "acted"; onceKey: string; actions: NewAction[] };

/** What Instagram says of the person (name for {first_name}, whether they follow). */
async function personProfile(
  ctx: AutomationsContext,
  arrival: InboxArrival,
  connection: InstagramConnectionRow | undefined,
): Promise<{ name: string | null; follows: boolean | undefined }> {
  if (connection?.status !== "active") return { name: null, follows: undefined };
  try {
    const profile = await accountClientFor(ctx.instagram, connection).getUserProfile(
      arrival.personId,
      "name,username,is_user_follow_business",
    );
    return {
      name: profile.name ?? null,
      follows:
        typeof profile.is_user_follow_business === "boolean"
          ? profile.is_user_follow_business
          : undefined,
    };
  } catch (error) {
    // A commenter who never messaged the account: Instagram answers "consent required".
    if (!isGraphApiError(error)) throw error;
    return { name: null, follows: undefined };
  }
}

async function decide(
  ctx: AutomationsContext,
  rule: AutomationRuleRow,
  arrival: InboxArrival,
  now: Date,
  account: { timeZone: string; connection: InstagramConnectionRow | undefined },
): Promise<Decision> {
  const { timeZone } = account;
  const earlier = await listActedRunsOfPerson(ctx.db, rule.id, arrival.personId);
  if (rule.conditions.firstInteraction && earlier.length > 0) {
    return {
      outcome: "skipped",
      reason: `Not their first time: this automation answered them on ${earlier[0]!.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    };
  }
  let onceKey: string;
  if (arrival.kind === "comment") {
    onceKey = `post:${arrival.mediaId}:${arrival.personId}`;
  } else {
    const last = earlier.find((run) => run.trigger !== "comment");
    if (last && arrival.at.getTime() - last.sourceAt.getTime() < DM_WINDOW_MS) {
      return {
        outcome: "skipped",
        reason:
          "Already answered in this conversation window: an automation answers a person once per 24 hours.",
      };
    }
    onceKey = `dm:${arrival.personId}:${earlier.filter((run) => run.trigger !== "comment").length + 1}`;
  }

  const needsProfile =
    rule.conditions.audience !== "everyone" ||
    [...rule.actions.publicReplies, rule.actions.privateReply?.text, rule.actions.dm?.text].some(
      (text) => text?.includes("{first_name}"),
    );
  const profile = needsProfile
    ? await personProfile(ctx, arrival, account.connection)
    : { name: null, follows: undefined };
  if (rule.conditions.audience !== "everyone") {
    if (profile.follows === undefined) {
      return {
        outcome: "skipped",
        reason: "Instagram tells whether someone follows you only after they have messaged you.",
      };
    }
    if (profile.follows !== (rule.conditions.audience === "followers")) {
      return {
        outcome: "skipped",
        reason:
          rule.conditions.audience === "followers"
            ? "They do not follow you (this automation answers followers)."
            : "They follow you (this automation answers people who do not).",
      };
    }
  }

  const person = {
    username: arrival.kind === "comment" ? arrival.username : null,
    name: profile.name,
  };
  let dueAt = new Date(now.getTime() + rule.actions.delaySeconds * 1000);
  const quietEnd = quietHoursEnd(dueAt, timeZone, rule.conditions.quietHours);
  if (quietEnd) dueAt = quietEnd;
  const actions: NewAction[] = [];
  const add = (
    actionKind: AutomationActionKind,
    text: string,
    link: { title: string; url: string } | null,
    windowMs: number | undefined,
    windowReason: string,
  ) => {
    const closes = windowMs === undefined ? undefined : arrival.at.getTime() + windowMs;
    const closed = closes !== undefined && dueAt.getTime() >= closes;
    actions.push({
      kind: actionKind,
      text: fillPlaceholders(text, person),
      linkUrl: link?.url ?? null,
      linkTitle: link?.title ?? null,
      status: closed ? "skipped" : "queued",
      reason: closed ? windowReason : null,
      dueAt,
    });
  };
  if (arrival.kind === "comment") {
    const variants = rule.actions.publicReplies;
    if (variants.length > 0) {
      const turn = (await countActedRuns(ctx.db, rule.id)) % variants.length;
      add("public_reply", variants[turn]!, null, undefined, "");
    }
    if (rule.actions.privateReply) {
      add(
        "private_reply",
        rule.actions.privateReply.text,
        rule.actions.privateReply.link,
        PRIVATE_REPLY_WINDOW_MS,
        "Window closed: Instagram allows a private reply within 7 days of the comment.",
      );
    }
  } else if (rule.actions.dm) {
    add(
      "dm",
      rule.actions.dm.text,
      rule.actions.dm.link,
      DM_WINDOW_MS,
      "Window closed: Instagram allows a reply within 24 hours of the person's last message.",
    );
  }
  if (rule.actions.labelIds.length > 0) {
    // Put on the DM thread once there is one (for a comment: once its private reply is sent).
    actions.push({
      kind: "label",
      text: rule.actions.labelIds.join(","),
      linkUrl: null,
      linkTitle: null,
      status: "queued",
      reason: null,
      dueAt,
    });
  }
  if (rule.actions.notify) {
    // The team hears at once (quiet hours and the delay are for the person): the sender's
    // digest sends at most one e-mail per rule every 15 minutes.
    actions.push({
      kind: "notify",
      text: null,
      linkUrl: null,
      linkTitle: null,
      status: "queued",
      reason: null,
      dueAt: now,
    });
  }
  return { outcome: "acted", onceKey, actions };
}

/**
 * Evaluates the account's enabled rules for comments and messages someone sent (issue 32):
 * every rule that matches is recorded as a run with its actions queued (or skipped with the
 * reason), at most once per rule and comment or message, and at most once per person per post
 * or conversation window; then the sender is woken.
 */
export async function evaluateArrivals(
  ctx: AutomationsContext,
  arrivals: InboxArrival[],
): Promise<number> {
  let queued = 0;
  for (const arrival of arrivals) {
    const scope = { workspaceId: arrival.workspaceId, accountId: arrival.accountId };
    const kind = triggerKindOf(arrival);
    const rules = await listEnabledAutomationRules(ctx.db, scope, [kind]);
    if (rules.length === 0) continue;
    const now = dateOf(ctx.now);
    const workspace = await findWorkspace(ctx.db, arrival.workspaceId);
    if (!workspace) continue;
    const paused = await automationsPaused(ctx.db, scope);
    const connection = await findInstagramConnection(ctx.db, scope.workspaceId, scope.accountId);
    const timeZone = await userTimeZone(ctx.db, connection?.connectedByUserId ?? null);
    const text = arrival.text;
    for (const rule of rules) {
      const match = matchKeywords(rule.trigger.keywords, text);
      if (!match.matches) continue;
      if (arrival.kind === "comment" && !(await watchesPost(ctx, rule, arrival.mediaId))) continue;
      let decision: Decision;
      if (!can({ plan: workspace.plan }, "automations")) {
        const required = planRequiredFor(workspace.plan, "automations").requiredPlan;
        decision = {
          outcome: "skipped",
          reason: `Plan: automations need the ${planNames[required ?? "pro"]} plan; this workspace is on ${planNames[workspace.plan]}.`,
        };
      } else if (paused) {
        decision = {
          outcome: "skipped",
          reason: "Paused: every automation of this account is paused.",
        };
      } else {
        decision = await decide(ctx, rule, arrival, now, { timeZone, connection });
      }
      const run: NewRun = {
        workspaceId: scope.workspaceId,
        accountId: scope.accountId,
        ruleId: rule.id,
        trigger: kind,
        sourceId: arrival.kind === "comment" ? arrival.commentId : arrival.messageId,
        mediaId: arrival.kind === "comment" ? arrival.mediaId : null,
        personId: arrival.personId,
        personUsername: arrival.kind === "comment" ? arrival.username : null,
        text,
        matched: match.matched,
        outcome: decision.outcome,
        reason: decision.outcome === "skipped" ? decision.reason : null,
        onceKey: decision.outcome === "acted" ? decision.onceKey : null,
        sourceAt: arrival.at,
        createdAt: now,
      };
      let recorded = await recordAutomationRun(
        ctx.db,
        run,
        decision.outcome === "acted" ? decision.actions : [],
      );
      if (recorded.status === "once") {
        // Another delivery of this person's comment on the post (or message in the window) won.
        recorded = await recordAutomationRun(
          ctx.db,
          {
            ...run,
            outcome: "skipped",
            reason:
              arrival.kind === "comment"
                ? "Already replied: this automation answers a person once per post."
                : "Already answered in this conversation window: an automation answers a person once per 24 hours.",
            onceKey: null,
          },
          [],
        );
      }
      if (recorded.status === "recorded" && decision.outcome === "acted") {
        queued += decision.actions.filter((action) => action.status === "queued").length;
      }
    }
  }
  return queued;
}
