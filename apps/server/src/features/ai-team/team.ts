import { createHash } from "node:crypto";
import {
  type AiLockedRole,
  type AiRoleId,
  type AiRoleReport,
  aiRoleIds,
  aiRoleNames,
  type PlanId,
  planNames,
  planRequiredFor,
  zonedParts,
} from "@sightline/contracts";
import {
  type AiTeamReportRow,
  type AnalyticsScope,
  getAiTeamSettings,
  type InstagramConnectionRow,
  listAiTeamReports,
  saveAiTeamReport,
} from "@sightline/db";
import { dateOf } from "../../platform/clock.ts";
import type { PeriodFetcher } from "../analytics/index.ts";
import { fetchPeriodInsights } from "../instagram/index.ts";
import { can } from "../plans/index.ts";
import { analystFacts } from "./analyst.ts";
import type { AiTeamContext } from "./context.ts";
import { creatorFacts } from "./creator.ts";
import { managerFacts } from "./manager.ts";
import { mentorFacts } from "./mentor.ts";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { secretaryFacts } from "./secretary.ts";
import { classifyTriageWithModel } from "./secretary-model.ts";
import { wordFacts } from "./wording.ts";

/** The account a role works for: its connection as stored. */
export type TeamAccount = {
  workspace: { id: string; plan: PlanId };
  connection: InstagramConnectionRow;
  timeZone: string;
};

type Builder = (
  input: RoleFactsInput,
  ctx: AiTeamContext,
  account: TeamAccount,
  run: TeamRun,
) => Promise<RoleFacts>;

/**
 * One computation of the team: its moment, and the built-in facts of the roles the Manager plans
 * from, computed once however many roles of the run read them.
 */
export type TeamRun = {
  now: Date;
  facts: Map<"mentor" | "secretary" | "creator", Promise<RoleFacts>>;
};

export function newTeamRun(ctx: Pick<AiTeamContext, "now">): TeamRun {
  return { now: dateOf(ctx.now), facts: new Map() };
}

const baseBuilders = { mentor: mentorFacts, secretary: secretaryFacts, creator: creatorFacts };

/** A role's facts from the built-in computation, shared within the run. */
function sharedFacts(
  run: TeamRun,
  role: keyof typeof baseBuilders,
  input: RoleFactsInput,
): Promise<RoleFacts> {
  let facts = run.facts.get(role);
  if (!facts) {
    facts = baseBuilders[role](input);
    run.facts.set(role, facts);
  }
  return facts;
}

/**
 * How the account's per-period figures are asked of Instagram when missing (as the dashboard
 * asks), or undefined when the connection cannot ask.
 */
export function periodFetcher(ctx: AiTeamContext, account: TeamAccount): PeriodFetcher | undefined {
  const instagram = ctx.instagram;
  return instagram && account.connection.status === "active"
    ? (period) => fetchPeriodInsights(instagram, account.connection, period)
    : undefined;
}

/** What a role's facts are computed from: the account, its plan and the reader's zone, now. */
export function roleInput(ctx: AiTeamContext, account: TeamAccount, now: Date): RoleFactsInput {
  return {
    db: ctx.db,
    scope: { workspaceId: account.workspace.id, accountId: account.connection.instagramId },
    workspace: account.workspace,
    username: account.connection.instagramUsername,
    followersCount: account.connection.followersCount,
    timeZone: account.timeZone,
    now,
  };
}

/** Each role's fact builder. */
const builders: Partial<Record<AiRoleId, Builder>> = {
  analyst: (input, ctx, account) => {
    const fetchPeriod = periodFetcher(ctx, account);
    return analystFacts(input, fetchPeriod ? { fetchPeriod } : {});
  },
  mentor: (input, _ctx, _account, run) => sharedFacts(run, "mentor", input),
  // With a model, the Secretary's listed items are classified again by it (DM words only when
  // the workspace allows it).
  secretary: async (input, ctx, _account, run) => {
    const facts = await sharedFacts(run, "secretary", input);
    if (!ctx.ai) return facts;
    const { shareDmText } = await getAiTeamSettings(ctx.db, input.scope.workspaceId);
    return classifyTriageWithModel(ctx.ai, facts, { shareDmText, logger: ctx.logger });
  },
  creator: (input, _ctx, _account, run) => sharedFacts(run, "creator", input),
  // The Manager plans from the other roles' built-in facts of the same run.
  manager: async (input, _ctx, _account, run) => {
    const [mentor, secretary, creator] = await Promise.all([
      sharedFacts(run, "mentor", input),
      sharedFacts(run, "secretary", input),
      sharedFacts(run, "creator", input),
    ]);
    return managerFacts(input, { mentor, secretary, creator });
  },
};

/** The roles the plan includes (issue 30: without the AI team, the Analyst only). */
export function rolesOf(plan: PlanId): AiRoleId[] {
  return can({ plan }, "aiTeam") ? [...aiRoleIds] : ["analyst"];
}

export function lockedRole(plan: PlanId, role: AiRoleId): AiLockedRole {
  const required = planRequiredFor(plan, "aiTeam").requiredPlan;
  return {
    role,
    name: aiRoleNames[role],
    status: "locked",
    plan,
    requiredPlan: required ?? plan,
    message: `The ${aiRoleNames[role]} is part of the whole AI team, on the ${planNames[required ?? plan]} plan and above. This workspace is on the ${planNames[plan]} plan, which has the Analyst.`,
  };
}

export function hashFacts(facts: RoleFacts): string {
  return createHash("sha256")
    .update(JSON.stringify({ status: facts.status, period: facts.period, facts: facts.facts }))
    .digest("hex");
}

function toReport(row: AiTeamReportRow): AiRoleReport {
  return {
    role: row.role,
    name: aiRoleNames[row.role],
    status: row.status,
    period: row.periodFrom && row.periodTo ? { from: row.periodFrom, to: row.periodTo } : null,
    facts: row.facts,
    wording: row.wording,
    writer: row.writer,
    sent: row.sent,
    guard: row.guard,
    factsHash: row.factsHash,
    computedAt: row.computedAt.toISOString(),
  };
}

/** How long a stored output stands: the inbox moves by the minute, the rest by the day. */
function isFresh(row: AiTeamReportRow, account: TeamAccount, now: Date): boolean {
  const { timeZone } = account;
  if (row.plan !== account.workspace.plan) return false;
  if (row.role === "secretary") return now.getTime() - row.computedAt.getTime() < 10 * 60_000;
  return (
    now.getTime() - row.computedAt.getTime() < 24 * 3_600_000 &&
    zonedParts(row.computedAt, timeZone).date === zonedParts(now, timeZone).date
  );
}

/**
 * Computes a role's facts now and words them: a stored wording of the same facts is kept (the
 * model is not asked twice for the same facts), otherwise the model words them (grounded) or
 * the built-in engine does. Stores and answers the report.
 */
export async function computeRole(
  ctx: AiTeamContext,
  account: TeamAccount,
  role: AiRoleId,
  stored: AiTeamReportRow | undefined,
  run: TeamRun = newTeamRun(ctx),
): Promise<AiRoleReport> {
  const builder = builders[role];
  if (!builder) throw new Error(`the ${role} has no fact builder`);
  const now = run.now;
  const scope: AnalyticsScope = {
    workspaceId: account.workspace.id,
    accountId: account.connection.instagramId,
  };
  const facts = await builder(roleInput(ctx, account, now), ctx, account, run);
  const factsHash = hashFacts(facts);
  const sameModel =
    stored &&
    stored.factsHash === factsHash &&
    (stored.writer.kind === "builtin" ? !ctx.ai : stored.writer.model === ctx.ai?.label);
  const worded = sameModel
    ? { wording: stored.wording, writer: stored.writer, sent: stored.sent, guard: stored.guard }
    : await wordFacts(role, facts, ctx.ai, ctx.logger, {
        shareDmText: ctx.ai
          ? (await getAiTeamSettings(ctx.db, scope.workspaceId)).shareDmText
          : false,
      });
  const row: AiTeamReportRow = {
    workspaceId: scope.workspaceId,
    accountId: scope.accountId,
    role,
    plan: account.workspace.plan,
    status: facts.status,
    periodFrom: facts.period?.from ?? null,
    periodTo: facts.period?.to ?? null,
    facts: facts.facts,
    wording: worded.wording,
    writer: worded.writer,
    sent: worded.sent,
    guard: worded.guard,
    factsHash,
    computedAt: now,
  };
  await saveAiTeamReport(ctx.db, row);
  return toReport(row);
}

/** The roles that have a fact builder (all five once the team is complete). */
export function builtRoles(roles: AiRoleId[]): AiRoleId[] {
  return roles.filter((role) => builders[role] !== undefined);
}

/**
 * The team as the dashboard shows it: every role the plan includes, from storage when fresh,
 * computed now otherwise; the others locked.
 */
export async function readTeam(
  ctx: AiTeamContext,
  account: TeamAccount,
): Promise<Array<AiRoleReport | AiLockedRole>> {
  const run = newTeamRun(ctx);
  const now = run.now;
  const scope = { workspaceId: account.workspace.id, accountId: account.connection.instagramId };
  const stored = new Map(
    (await listAiTeamReports(ctx.db, scope)).map((row) => [row.role, row] as const),
  );
  const allowed = new Set(rolesOf(account.workspace.plan));
  return Promise.all(
    aiRoleIds
      .filter((role) => builders[role] !== undefined)
      .map(async (role): Promise<AiRoleReport | AiLockedRole> => {
        if (!allowed.has(role)) return lockedRole(account.workspace.plan, role);
        const row = stored.get(role);
        if (row && isFresh(row, account, now)) return toReport(row);
        return computeRole(ctx, account, role, row, run);
      }),
  );
}

export function storedRow(rows: AiTeamReportRow[], role: AiRoleId) {
  return rows.find((row) => row.role === role);
}
