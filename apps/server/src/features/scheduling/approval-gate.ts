import { APPROVAL_REQUIRED_MESSAGE, planCan } from "@sightline/contracts";
import {
  type Db,
  type EditedPostContent,
  findApprovalSettings,
  findPostApproval,
  type ScheduledPostRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { planOf } from "../plans/index.ts";

/*
 * The approval gate (issue 33 point 1, decision 037): with "posts need approval" on for an
 * account (on a plan that has approvals), nothing is scheduled or published for it unless that
 * very post was approved with the content it has. Every way to schedule or publish (the
 * composer, the content scheduler, the public API, the MCP server) goes through the services
 * that call this; the publish worker's claim refuses posts waiting for approval on its own.
 */

/** Whether posts of `accountId` need approval now. */
export async function approvalRequired(
  db: Db,
  workspaceId: string,
  accountId: string,
  now: Date,
): Promise<boolean> {
  const settings = await findApprovalSettings(db, workspaceId, accountId);
  if (!settings?.required) return false;
  // Approvals come with team members (Premium): after a downgrade the setting rests.
  return planCan(await planOf(db, workspaceId, now), "teamMembers");
}

/** What an approval covers: the post as the reviewer saw it. */
function contentKey(
  post: Pick<
    EditedPostContent,
    "caption" | "hashtags" | "items" | "collaborators" | "thumbnailUrl"
  >,
) {
  return JSON.stringify([
    post.caption,
    post.hashtags,
    post.collaborators,
    post.thumbnailUrl ?? null,
    post.items.map((item) => [
      item.bucket,
      item.key,
      item.cover?.key ?? null,
      (item.tags ?? []).map((tag) => [tag.username, tag.x, tag.y]),
    ]),
  ]);
}

/**
 * Refuses (409) scheduling or publishing a post of an account that needs approval unless it is
 * the stored post `current`, approved, and `next` (the content it is about to get) is unchanged.
 */
export async function assertApproved(
  db: Db,
  workspaceId: string,
  accountId: string,
  now: Date,
  current?: ScheduledPostRow,
  next?: Parameters<typeof contentKey>[0],
): Promise<void> {
  if (!(await approvalRequired(db, workspaceId, accountId, now))) return;
  const approval = current ? await findPostApproval(db, workspaceId, current.id) : undefined;
  const unchanged = !next || !current || contentKey(next) === contentKey(current);
  if (approval?.state === "approved" && unchanged) return;
  throw new AppError("conflict", APPROVAL_REQUIRED_MESSAGE);
}
