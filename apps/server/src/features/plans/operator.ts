import { type PlanId, planIds, planNames } from "@sightline/contracts";
import { type Db, findWorkspace, schema } from "@sightline/db";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { uuidPattern } from "../../middleware/session.ts";
import { changePlan } from "./change.ts";

/**
 * The workspace an operator names: its id, or the e-mail of its owner when they own exactly one
 * (several: the answer lists them, to be named by id).
 */
export async function findOperatorWorkspace(db: Db, target: string) {
  if (uuidPattern.test(target)) {
    const row = await findWorkspace(db, target);
    if (!row) throw new AppError("not_found", `No workspace has the id ${target}.`);
    return row;
  }
  const owned = await db
    .select({ workspace: schema.workspaces })
    .from(schema.workspaceMembers)
    .innerJoin(schema.user, eq(schema.user.id, schema.workspaceMembers.userId))
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.workspaceMembers.workspaceId))
    .where(
      and(
        sql`lower(${schema.user.email}) = ${target.trim().toLowerCase()}`,
        eq(schema.workspaceMembers.role, "owner"),
      ),
    );
  if (owned.length === 0) {
    throw new AppError("not_found", `${target} owns no workspace (or has no account).`);
  }
  if (owned.length > 1) {
    throw new AppError(
      "conflict",
      `${target} owns ${owned.length} workspaces; name one by id:\n${owned
        .map(({ workspace }) => `  ${workspace.id}  ${workspace.name} (${workspace.plan})`)
        .join("\n")}`,
    );
  }
  return owned[0]!.workspace;
}

/** Reads `YYYY-MM-DD` (the end of that day, UTC) or a full ISO time; refuses a past one. */
export function parsePlanUntil(value: string, now: Date): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T23:59:59.999Z`)
    : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new AppError("validation_failed", `--until ${value} is not a date (use YYYY-MM-DD).`);
  }
  if (date.getTime() <= now.getTime()) {
    throw new AppError("validation_failed", `--until ${value} has already passed.`);
  }
  return date;
}

/**
 * `npm run plan -- set`: sets the plan of a workspace without billing (the embedded default),
 * audited as done by the operator. Answers the sentence to print.
 */
export async function setPlanByOperator(
  db: Db,
  input: { target: string; plan: string; until?: string | undefined; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  if (!planIds.includes(input.plan as PlanId)) {
    throw new AppError(
      "validation_failed",
      `${input.plan} is not a plan: use one of ${planIds.join(", ")}.`,
    );
  }
  const plan = input.plan as PlanId;
  const until = input.until ? parsePlanUntil(input.until, now) : null;
  const workspace = await findOperatorWorkspace(db, input.target);
  await changePlan(db, {
    workspaceId: workspace.id,
    from: workspace.plan,
    plan,
    until,
    by: "operator",
    now,
  });
  return `${workspace.name} (${workspace.id}) is now on ${planNames[plan]}${until ? ` until ${until.toISOString()}` : ""} (was ${planNames[workspace.plan]}).`;
}

/** `npm run plan -- show`: the workspace's plan as stored. */
export async function describePlan(db: Db, target: string, now = new Date()): Promise<string> {
  const workspace = await findOperatorWorkspace(db, target);
  const ended = workspace.planUntil !== null && workspace.planUntil.getTime() <= now.getTime();
  return `${workspace.name} (${workspace.id}): ${planNames[workspace.plan]}${
    workspace.planUntil
      ? ended
        ? `, ended ${workspace.planUntil.toISOString()} (reads as Free)`
        : ` until ${workspace.planUntil.toISOString()}`
      : ""
  }.`;
}
