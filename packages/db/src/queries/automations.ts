import type { AutomationActionKind, AutomationTriggerKind } from "@sightline/contracts";
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  automationAccounts,
  automationActions,
  automationRules,
  automationRuns,
} from "../schema/index.ts";

type Scope = { workspaceId: string; accountId: string };

export type AutomationRuleRow = typeof automationRules.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;
export type AutomationActionRow = typeof automationActions.$inferSelect;
export type NewAutomationRule = typeof automationRules.$inferInsert;

function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === "object" && "rows" in result ? result.rows : result) as T[];
}

const inScope = (scope: Scope) =>
  and(
    eq(automationRules.workspaceId, scope.workspaceId),
    eq(automationRules.accountId, scope.accountId),
  );

export function listAutomationRules(db: Db, scope: Scope): Promise<AutomationRuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(inScope(scope))
    .orderBy(asc(automationRules.createdAt), asc(automationRules.id));
}

export async function findAutomationRule(
  db: Db,
  scope: Scope,
  id: string,
): Promise<AutomationRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(inScope(scope), eq(automationRules.id, id)));
  return row;
}

export async function insertAutomationRule(
  db: Db,
  rule: NewAutomationRule,
): Promise<AutomationRuleRow> {
  const [row] = await db.insert(automationRules).values(rule).returning();
  return row!;
}

export async function updateAutomationRule(
  db: Db,
  scope: Scope,
  id: string,
  patch: Partial<
    Pick<NewAutomationRule, "name" | "enabled" | "trigger" | "conditions" | "actions">
  > & {
    updatedAt: Date;
  },
): Promise<AutomationRuleRow | undefined> {
  const [row] = await db
    .update(automationRules)
    .set(patch)
    .where(and(inScope(scope), eq(automationRules.id, id)))
    .returning();
  return row;
}

export async function deleteAutomationRule(db: Db, scope: Scope, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationRules)
    .where(and(inScope(scope), eq(automationRules.id, id)))
    .returning({ id: automationRules.id });
  return rows.length > 0;
}

/** Enabled rules of the account for the given trigger kinds. */
export function listEnabledAutomationRules(
  db: Db,
  scope: Scope,
  kinds: AutomationTriggerKind[],
): Promise<AutomationRuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(
      and(
        inScope(scope),
        eq(automationRules.enabled, true),
        inArray(sql`${automationRules.trigger}->>'kind'`, kinds),
      ),
    )
    .orderBy(asc(automationRules.createdAt), asc(automationRules.id));
}

export async function automationsPaused(db: Db, scope: Scope): Promise<boolean> {
  const [row] = await db
    .select({ paused: automationAccounts.paused })
    .from(automationAccounts)
    .where(
      and(
        eq(automationAccounts.workspaceId, scope.workspaceId),
        eq(automationAccounts.accountId, scope.accountId),
      ),
    );
  return row?.paused ?? false;
}

export async function setAutomationsPaused(db: Db, scope: Scope, paused: boolean, now: Date) {
  await db
    .insert(automationAccounts)
    .values({ ...scope, paused, updatedAt: now })
    .onConflictDoUpdate({
      target: [automationAccounts.workspaceId, automationAccounts.accountId],
      set: { paused, updatedAt: now },
    });
}

/** The person's runs of a rule that acted, newest first (first interaction, DM windows). */
export function listActedRunsOfPerson(
  db: Db,
  ruleId: string,
  personId: string,
): Promise<Array<Pick<AutomationRunRow, "id" | "trigger" | "sourceAt" | "createdAt">>> {
  return db
    .select({
      id: automationRuns.id,
      trigger: automationRuns.trigger,
      sourceAt: automationRuns.sourceAt,
      createdAt: automationRuns.createdAt,
    })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.ruleId, ruleId),
        eq(automationRuns.personId, personId),
        eq(automationRuns.outcome, "acted"),
      ),
    )
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id));
}

/** How many runs of the rule acted: the rotation of public reply variants. */
export async function countActedRuns(db: Db, ruleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(and(eq(automationRuns.ruleId, ruleId), eq(automationRuns.outcome, "acted")));
  return Number(row?.n ?? 0);
}

export type NewRun = Omit<typeof automationRuns.$inferInsert, "id">;
export type NewAction = Omit<
  typeof automationActions.$inferInsert,
  "id" | "runId" | "workspaceId" | "accountId"
>;

/**
 * Records one decision, run and actions together. Answers "recorded" with the run's id, or why
 * it was not: "evaluated" (this rule already evaluated this comment or message: a redelivery) or
 * "once" (the rule already acted for this person on this post or in this window: the unique key
 * decides between concurrent deliveries, before anything is sent).
 */
export async function recordAutomationRun(
  db: Db,
  run: NewRun,
  actions: NewAction[],
): Promise<{ status: "recorded"; id: number } | { status: "evaluated" | "once" }> {
  return db.transaction(async (tx) => {
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into automation_runs (workspace_id, account_id, rule_id, trigger, source_id, media_id,
          person_id, person_username, text, matched, outcome, reason, once_key, source_at, created_at)
        values (${run.workspaceId}, ${run.accountId}, ${run.ruleId}, ${run.trigger}, ${run.sourceId},
          ${run.mediaId ?? null}, ${run.personId}, ${run.personUsername ?? null}, ${run.text ?? null},
          ${JSON.stringify(run.matched)}::jsonb, ${run.outcome}, ${run.reason ?? null},
          ${run.onceKey ?? null}, ${run.sourceAt.toISOString()}, ${run.createdAt.toISOString()})
        on conflict do nothing
        returning id`),
    );
    const id = inserted[0]?.id;
    if (id === undefined) {
      const [seen] = await tx
        .select({ id: automationRuns.id })
        .from(automationRuns)
        .where(
          and(eq(automationRuns.ruleId, run.ruleId), eq(automationRuns.sourceId, run.sourceId)),
        );
      return { status: seen ? "evaluated" : "once" };
    }
    if (actions.length > 0) {
      await tx.insert(automationActions).values(
        actions.map((action) => ({
          ...action,
          runId: Number(id),
          workspaceId: run.workspaceId,
          accountId: run.accountId,
        })),
      );
    }
    return { status: "recorded", id: Number(id) };
  });
}

/** The newest comments others made on the account's posts ("Test on recent comments"). */
export async function listRecentCommentsByOthers(
  db: Db,
  scope: Scope,
  limit: number,
): Promise<
  Array<{
    id: string;
    mediaId: string;
    username: string | null;
    text: string | null;
    createdAt: Date;
  }>
> {
  const result = await db.execute(sql`
    select ig_comment_id as id, ig_media_id as "mediaId", username, text, created_at as "createdAt"
    from instagram_comments
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
      and media_owner_id = account_id and user_igsid <> account_id
    order by created_at desc, ig_comment_id desc limit ${limit}`);
  return rowsOf<{
    id: string;
    mediaId: string;
    username: string | null;
    text: string | null;
    createdAt: Date | string;
  }>(result).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/**
 * The DM threads automations wrote in: by the message id Instagram gave each sent private reply or
 * DM, else the person's thread as the inbox has it. Keys are message ids and person ids.
 */
export async function dmThreadsOf(
  db: Db,
  scope: Scope,
  refs: { messageIds: string[]; personIds: string[] },
): Promise<Map<string, string>> {
  const threads = new Map<string, string>();
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  if (refs.messageIds.length > 0) {
    const rows = await db.execute(sql`
      select ig_message_id as "key", conversation_id as "conversationId" from instagram_messages
      where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
        and ig_message_id in (${list(refs.messageIds)})`);
    for (const row of rowsOf<{ key: string; conversationId: string }>(rows)) {
      threads.set(row.key, row.conversationId);
    }
  }
  if (refs.personIds.length > 0) {
    const rows = await db.execute(sql`
      select person_id as "key", conversation_id as "conversationId" from inbox_thread_summaries
      where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
        and kind = 'dm' and person_id in (${list(refs.personIds)})`);
    for (const row of rowsOf<{ key: string; conversationId: string }>(rows)) {
      threads.set(row.key, row.conversationId);
    }
  }
  return threads;
}

/** The account's first top-level post published after `after` ("the next post"). */
export async function firstPostAfter(
  db: Db,
  scope: Scope,
  after: Date,
): Promise<string | undefined> {
  const result = await db.execute(sql`
    select ig_media_id as id from instagram_media
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
      and parent_ig_media_id is null and posted_at > ${after.toISOString()}::timestamptz
    order by posted_at, ig_media_id limit 1`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}

/** The account's due actions (queued, or left `sending` by a crash), in queue order. */
export function listDueAutomationActions(
  db: Db,
  now: Date,
  limit: number,
): Promise<Array<AutomationActionRow & { run: AutomationRunRow }>> {
  return db
    .select()
    .from(automationActions)
    .innerJoin(automationRuns, eq(automationRuns.id, automationActions.runId))
    .where(
      and(
        inArray(automationActions.status, ["queued", "sending"]),
        lte(automationActions.dueAt, now),
      ),
    )
    .orderBy(asc(automationActions.dueAt), asc(automationActions.id))
    .limit(limit)
    .then((rows) => rows.map((row) => ({ ...row.automation_actions, run: row.automation_runs })));
}

/** When the next queued action is due, or undefined. */
export async function nextAutomationActionDue(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ dueAt: automationActions.dueAt })
    .from(automationActions)
    .where(inArray(automationActions.status, ["queued", "sending"]))
    .orderBy(asc(automationActions.dueAt))
    .limit(1);
  return row?.dueAt;
}

export async function updateAutomationAction(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      AutomationActionRow,
      "status" | "reason" | "dueAt" | "attempts" | "attemptedAt" | "sentAt" | "resultId"
    >
  >,
) {
  await db.update(automationActions).set(patch).where(eq(automationActions.id, id));
}

/**
 * Marks an action `sending` (one more attempt, at `now`) only if its row is still as the caller
 * read it (same status and attempts); false when another drain changed it first.
 */
export async function claimAutomationAction(
  db: Db,
  read: Pick<AutomationActionRow, "id" | "status" | "attempts">,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(automationActions)
    .set({ status: "sending", attempts: read.attempts + 1, attemptedAt: now })
    .where(
      and(
        eq(automationActions.id, read.id),
        eq(automationActions.status, read.status),
        eq(automationActions.attempts, read.attempts),
      ),
    )
    .returning({ id: automationActions.id });
  return rows.length > 0;
}

/** What the account sent since `since` (the pace's window), oldest first, with each kind. */
export async function sentAutomationActions(
  db: Db,
  accountId: string,
  since: Date,
): Promise<Array<{ kind: AutomationActionKind; sentAt: Date }>> {
  const rows = await db
    .select({ kind: automationActions.kind, sentAt: automationActions.sentAt })
    .from(automationActions)
    .where(
      and(
        eq(automationActions.accountId, accountId),
        eq(automationActions.status, "sent"),
        sql`${automationActions.sentAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(automationActions.sentAt));
  return rows.flatMap((row) => (row.sentAt ? [{ kind: row.kind, sentAt: row.sentAt }] : []));
}

/** Queued actions of the account due before `until` move to `until`, keeping their order. */
export async function postponeAutomationActions(
  db: Db,
  accountId: string,
  kinds: AutomationActionKind[],
  until: Date,
) {
  await db
    .update(automationActions)
    .set({ dueAt: until })
    .where(
      and(
        eq(automationActions.accountId, accountId),
        inArray(automationActions.kind, kinds),
        eq(automationActions.status, "queued"),
        lt(automationActions.dueAt, until),
      ),
    );
}

/** The run log, newest first, with each run's actions; keyset by run id. */
export async function listAutomationRunLog(
  db: Db,
  scope: Scope,
  options: { ruleId?: string; before?: number; limit: number },
): Promise<Array<AutomationRunRow & { actions: AutomationActionRow[] }>> {
  const runs = await db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.workspaceId, scope.workspaceId),
        eq(automationRuns.accountId, scope.accountId),
        options.ruleId ? eq(automationRuns.ruleId, options.ruleId) : undefined,
        options.before !== undefined ? lt(automationRuns.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(automationRuns.id))
    .limit(options.limit);
  if (runs.length === 0) return [];
  const actions = await db
    .select()
    .from(automationActions)
    .where(
      inArray(
        automationActions.runId,
        runs.map((run) => run.id),
      ),
    )
    .orderBy(asc(automationActions.id));
  return runs.map((run) => ({
    ...run,
    actions: actions.filter((action) => action.runId === run.id),
  }));
}

export type AutomationRuleCounts = {
  triggered: number;
  sent: number;
  skipped: number;
  failed: number;
  repliesAfter: number;
  lastRunAt: Date | null;
};

/**
 * Per rule: runs that matched, actions sent, skipped and failed, the people who wrote to the
 * account after the rule's DM reached them ("replies received after"), and the last run.
 */
export async function automationRuleCounts(
  db: Db,
  scope: Scope,
): Promise<Map<string, AutomationRuleCounts>> {
  const result = await db.execute(sql`
    select r.rule_id as "ruleId", count(distinct r.id)::int as triggered,
      count(a.id) filter (where a.status = 'sent' and a.kind not in ('notify', 'label'))::int as sent,
      count(a.id) filter (where a.status = 'skipped')::int
        + count(distinct r.id) filter (where r.outcome = 'skipped')::int as skipped,
      count(a.id) filter (where a.status = 'failed')::int as failed,
      count(distinct r.person_id) filter (where a.status = 'sent' and a.kind in ('private_reply', 'dm')
        and exists (select 1 from instagram_messages m where m.workspace_id = r.workspace_id
          and m.account_id = r.account_id and m.from_id = r.person_id and m.direction = 'inbound'
          and m.created_time > a.sent_at))::int as "repliesAfter",
      max(r.created_at) as "lastRunAt"
    from automation_runs r
    left join automation_actions a on a.run_id = r.id
    where r.workspace_id = ${scope.workspaceId} and r.account_id = ${scope.accountId}
    group by r.rule_id`);
  const counts = new Map<string, AutomationRuleCounts>();
  for (const row of rowsOf<
    AutomationRuleCounts & { ruleId: string; lastRunAt: Date | string | null }
  >(result)) {
    counts.set(row.ruleId, {
      triggered: Number(row.triggered),
      sent: Number(row.sent),
      skipped: Number(row.skipped),
      failed: Number(row.failed),
      repliesAfter: Number(row.repliesAfter),
      lastRunAt: row.lastRunAt ? new Date(row.lastRunAt) : null,
    });
  }
  return counts;
}

/** The account's waiting actions per kind. */
export async function waitingAutomationActions(
  db: Db,
  scope: Scope,
): Promise<Array<{ kind: AutomationActionKind; n: number; lastDue: Date }>> {
  const rows = await db
    .select({
      kind: automationActions.kind,
      n: sql<number>`count(*)::int`,
      lastDue: sql<Date | string>`max(${automationActions.dueAt})`,
    })
    .from(automationActions)
    .where(
      and(
        eq(automationActions.workspaceId, scope.workspaceId),
        eq(automationActions.accountId, scope.accountId),
        or(eq(automationActions.status, "queued"), eq(automationActions.status, "sending")),
      ),
    )
    .groupBy(automationActions.kind);
  return rows.map((row) => ({ kind: row.kind, n: Number(row.n), lastDue: new Date(row.lastDue) }));
}

/** Skips every waiting action of the account (paused), with the reason. */
export async function skipWaitingAutomationActions(
  db: Db,
  scope: Scope,
  reason: string,
  ruleId?: string,
) {
  await db.execute(sql`
    update automation_actions a set status = 'skipped', reason = ${reason}
    where a.workspace_id = ${scope.workspaceId} and a.account_id = ${scope.accountId}
      and a.status = 'queued'
      ${ruleId ? sql`and a.run_id in (select id from automation_runs where rule_id = ${ruleId})` : sql``}`);
}

/** When the rule's "notify" action last sent its e-mail, or undefined. */
export async function lastAutomationNotifyAt(db: Db, ruleId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${automationActions.sentAt})` })
    .from(automationActions)
    .innerJoin(automationRuns, eq(automationRuns.id, automationActions.runId))
    .where(
      and(
        eq(automationRuns.ruleId, ruleId),
        eq(automationActions.kind, "notify"),
        eq(automationActions.status, "sent"),
      ),
    );
  return row?.at ? new Date(row.at) : undefined;
}

/** The rule's waiting "notify" actions with their runs, oldest first: one e-mail's digest. */
export function queuedAutomationNotifications(
  db: Db,
  ruleId: string,
): Promise<Array<AutomationActionRow & { run: AutomationRunRow }>> {
  return db
    .select()
    .from(automationActions)
    .innerJoin(automationRuns, eq(automationRuns.id, automationActions.runId))
    .where(
      and(
        eq(automationRuns.ruleId, ruleId),
        eq(automationActions.kind, "notify"),
        inArray(automationActions.status, ["queued", "sending"]),
      ),
    )
    .orderBy(asc(automationActions.id))
    .then((rows) => rows.map((row) => ({ ...row.automation_actions, run: row.automation_runs })));
}

/** The rule's waiting "notify" actions move to `until` (the digest's next e-mail). */
export async function postponeAutomationNotifications(db: Db, ruleId: string, until: Date) {
  await db
    .update(automationActions)
    .set({ dueAt: until })
    .where(
      and(
        eq(automationActions.kind, "notify"),
        eq(automationActions.status, "queued"),
        lt(automationActions.dueAt, until),
        inArray(
          automationActions.runId,
          db
            .select({ id: automationRuns.id })
            .from(automationRuns)
            .where(eq(automationRuns.ruleId, ruleId)),
        ),
      ),
    );
}

/** Settles several actions at once (the digest's e-mail settles every run it names). */
export async function settleAutomationActions(
  db: Db,
  ids: number[],
  patch: Pick<AutomationActionRow, "status" | "reason" | "sentAt" | "resultId">,
) {
  if (ids.length === 0) return;
  await db.update(automationActions).set(patch).where(inArray(automationActions.id, ids));
}

/** The actions of one run, in the order they were decided. */
export function actionsOfAutomationRun(db: Db, runId: number): Promise<AutomationActionRow[]> {
  return db
    .select()
    .from(automationActions)
    .where(eq(automationActions.runId, runId))
    .orderBy(asc(automationActions.id));
}
