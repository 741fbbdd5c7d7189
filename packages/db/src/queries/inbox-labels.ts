import type { InboxLabel, InboxLabelColor } from "@sightline/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { postgresErrorCode } from "../postgres-errors.ts";
import { inboxConversationLabels, inboxLabels, workspaces } from "../schema/index.ts";

/*
 * Conversation labels (issue 32: set by members in the inbox and by automations): a workspace's
 * labels, and which conversations of which account carry them.
 */

type Scope = { workspaceId: string; accountId: string };
type ConversationKind = "dm" | "comments";
type InboxLabelRow = InboxLabel;

const labelColumns = { id: inboxLabels.id, name: inboxLabels.name, color: inboxLabels.color };

export function listInboxLabels(db: Db, workspaceId: string): Promise<InboxLabelRow[]> {
  return db
    .select(labelColumns)
    .from(inboxLabels)
    .where(eq(inboxLabels.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${inboxLabels.name})`), asc(inboxLabels.id));
}

/**
 * Creates a label: "taken" when the workspace has one of that name (any case), "full" when it
 * already has `limit`. The workspace's row is locked while it counts and inserts, so creates at
 * the same moment cannot take it past the limit together.
 */
export async function createInboxLabel(
  db: Db,
  workspaceId: string,
  input: { name: string; color: InboxLabelColor },
  limit: number,
): Promise<InboxLabelRow | "taken" | "full"> {
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .for("update");
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(inboxLabels)
        .where(eq(inboxLabels.workspaceId, workspaceId));
      if (Number(count?.n ?? 0) >= limit) return "full" as const;
      const [row] = await tx
        .insert(inboxLabels)
        .values({ workspaceId, ...input })
        .returning(labelColumns);
      return row ?? ("full" as const);
    });
  } catch (error) {
    if (postgresErrorCode(error) === "23505") return "taken";
    throw error;
  }
}

/** Renames or recolours a label: "missing", "taken" (the name), or the label. */
export async function updateInboxLabel(
  db: Db,
  workspaceId: string,
  id: string,
  input: { name?: string | undefined; color?: InboxLabelColor | undefined },
): Promise<InboxLabelRow | "missing" | "taken"> {
  try {
    const [row] = await db
      .update(inboxLabels)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
      })
      .where(and(eq(inboxLabels.workspaceId, workspaceId), eq(inboxLabels.id, id)))
      .returning(labelColumns);
    return row ?? "missing";
  } catch (error) {
    if (postgresErrorCode(error) === "23505") return "taken";
    throw error;
  }
}

/** Deletes a label and takes it off every conversation (the foreign key cascades). */
export async function deleteInboxLabel(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(inboxLabels)
    .where(and(eq(inboxLabels.workspaceId, workspaceId), eq(inboxLabels.id, id)))
    .returning({ id: inboxLabels.id });
  return rows.length > 0;
}

/** Of these ids, the ones that are labels of the workspace. */
export async function existingInboxLabelIds(
  db: Db,
  workspaceId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: inboxLabels.id })
    .from(inboxLabels)
    .where(and(eq(inboxLabels.workspaceId, workspaceId), inArray(inboxLabels.id, ids)));
  return rows.map((row) => row.id);
}

/**
 * Puts labels on a conversation (an automation, or a member adding one); a label it has already
 * stays as it was. The ids must be the workspace's (existingInboxLabelIds).
 */
export async function labelConversation(
  db: Db,
  scope: Scope,
  conversation: { kind: ConversationKind; conversationId: string },
  labelIds: string[],
  createdBy: string | null,
) {
  if (labelIds.length === 0) return;
  await db
    .insert(inboxConversationLabels)
    .values(labelIds.map((labelId) => ({ ...scope, ...conversation, labelId, createdBy })))
    .onConflictDoNothing();
}

/** Sets a conversation's labels to exactly these (a member's choice in the inbox). */
export async function setConversationLabels(
  db: Db,
  scope: Scope,
  conversation: { kind: ConversationKind; conversationId: string },
  labelIds: string[],
  createdBy: string,
) {
  await db.transaction(async (tx) => {
    await tx.delete(inboxConversationLabels).where(
      and(
        eq(inboxConversationLabels.workspaceId, scope.workspaceId),
        eq(inboxConversationLabels.accountId, scope.accountId),
        eq(inboxConversationLabels.kind, conversation.kind),
        eq(inboxConversationLabels.conversationId, conversation.conversationId),
        labelIds.length > 0
          ? sql`${inboxConversationLabels.labelId} not in (${sql.join(
              labelIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
    await labelConversation(tx as unknown as Db, scope, conversation, labelIds, createdBy);
  });
}

/** The labels of these conversations, by "kind:conversationId". */
export async function labelsOfConversations(
  db: Db,
  scope: Scope,
  conversations: Array<{ kind: ConversationKind; conversationId: string }>,
): Promise<Map<string, InboxLabelRow[]>> {
  const byConversation = new Map<string, InboxLabelRow[]>();
  if (conversations.length === 0) return byConversation;
  const rows = await db
    .select({
      kind: inboxConversationLabels.kind,
      conversationId: inboxConversationLabels.conversationId,
      ...labelColumns,
    })
    .from(inboxConversationLabels)
    .innerJoin(inboxLabels, eq(inboxLabels.id, inboxConversationLabels.labelId))
    .where(
      and(
        eq(inboxConversationLabels.workspaceId, scope.workspaceId),
        eq(inboxConversationLabels.accountId, scope.accountId),
        inArray(
          inboxConversationLabels.conversationId,
          conversations.map((conversation) => conversation.conversationId),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${inboxLabels.name})`));
  for (const row of rows) {
    const key = `${row.kind}:${row.conversationId}`;
    const list = byConversation.get(key) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color });
    byConversation.set(key, list);
  }
  return byConversation;
}
