import {
  deleteInstagramConnectionAndData,
  findInstagramConnection,
  getSyncState,
  type InstagramConnectionRow,
  saveSyncState,
  updateInstagramConnection,
} from "@sightline/db";
import { type AccountClient, isPermissionError, isRateLimited } from "@sightline/instagram-graph";
import type { Clock } from "../../../platform/clock.ts";
import { handleGraphFailure } from "../connection-service.ts";
import {
  accountClientFor,
  type Capability,
  hasCapability,
  type InstagramContext,
} from "../context.ts";
import { accountPausedBy } from "../plan-pause.ts";

/** Back off once Meta's usage headers pass this share of a limit (contract §8.4). */
export const USAGE_BACKOFF_PERCENT = 80;

/** Thrown to stop a sync that must wait (rate limit, usage above 80 %); it resumes later. */
export class SyncPaused extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(reason);
    this.name = "SyncPaused";
  }
}

export const syncParts = [
  "profile",
  "media",
  "comments",
  "conversations",
  "account-insights",
  "audience",
  "online-followers",
  "media-insights",
] as const;
export type SyncPart = (typeof syncParts)[number];

export interface SyncRun {
  ctx: InstagramContext;
  connection: InstagramConnectionRow;
  client: AccountClient;
  scope: { workspaceId: string; accountId: string };
  first: boolean;
  /** The app's one clock (the Instagram context's). */
  now: Clock;
  state(resource: string): ReturnType<typeof getSyncState>;
  saveState(resource: string, changes: Parameters<typeof saveSyncState>[3]): Promise<void>;
  /** Call before each Graph request: pauses the run when usage is high. */
  guard(): void;
  note(area: string, message: string): void;
  /** New inbox rows, for live events after the run. */
  newMessages: number;
  newComments: number;
}

const partCapability: Partial<Record<SyncPart, { capability: Capability; message: string }>> = {
  comments: {
    capability: "comments",
    message:
      "Comments are not synced: the comments permission was not granted. Reconnect and allow it.",
  },
  conversations: {
    capability: "messages",
    message:
      "Direct messages are not synced: the messages permission was not granted. Reconnect and allow it.",
  },
  "account-insights": {
    capability: "insights",
    message:
      "Account insights are not synced: the insights permission was not granted. Reconnect and allow it.",
  },
  audience: {
    capability: "insights",
    message: "Audience demographics are not synced: the insights permission was not granted.",
  },
  "online-followers": {
    capability: "insights",
    message: "Online followers are not synced: the insights permission was not granted.",
  },
  "media-insights": {
    capability: "insights",
    message: "Post insights are not synced: the insights permission was not granted.",
  },
};

/**
 * Whether the account's calls wait: Meta last reported its usage at or above
 * USAGE_BACKOFF_PERCENT, and the wait since (Meta's own estimate, at least a minute: the figure
 * is a moving window) has not passed. Every caller that asks Instagram on its own checks it.
 */
export function usagePause(
  ctx: Pick<InstagramContext, "graphUsage" | "now">,
  accountId: string,
): { waitMs: number; maxPercent: number } | undefined {
  const seen = ctx.graphUsage.get(accountId);
  if (!seen || seen.usage.maxPercent < USAGE_BACKOFF_PERCENT) return undefined;
  const waitMs = Math.max(seen.usage.regainAccessMs, 60_000);
  return ctx.now() - seen.at < waitMs ? { waitMs, maxPercent: seen.usage.maxPercent } : undefined;
}

/** A run acting as the connection's account, for the sync and for targeted re-syncs. */
export function openSyncRun(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  notes: Map<string, string> = new Map(),
): SyncRun {
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  return {
    ctx,
    connection,
    client: accountClientFor(ctx, connection),
    scope,
    first: connection.lastSyncedAt === null,
    now: ctx.now,
    state: (resource) => getSyncState(ctx.db, scope, resource),
    saveState: (resource, changes) =>
      saveSyncState(ctx.db, scope, resource, changes, new Date(ctx.now())),
    guard() {
      const pause = usagePause(ctx, scope.accountId);
      if (pause) {
        throw new SyncPaused(
          Math.ceil(pause.waitMs / 1000),
          `Instagram usage at ${pause.maxPercent}%`,
        );
      }
    },
    note: (area, message) => notes.set(area, message),
    newMessages: 0,
    newComments: 0,
  };
}

export type PartRunner = (run: SyncRun) => Promise<void>;

/**
 * One sync of one user's account: each part in order, each resumable from its stored state.
 * A missing permission skips its part with a visible note; a dead token marks the connection
 * and ends the run quietly; a rate limit pauses it (the caller re-enqueues).
 */
export async function runSync(
  ctx: InstagramContext,
  input: {
    workspaceId: string;
    /** The account to sync; the workspace's first when not named (jobs queued before). */
    accountId?: string;
    parts: readonly SyncPart[];
    runners: Record<SyncPart, PartRunner>;
  },
): Promise<{
  status: "done" | "skipped" | "needs_reconnection";
  newMessages: number;
  newComments: number;
}> {
  const connection = await findInstagramConnection(ctx.db, input.workspaceId, input.accountId);
  if (connection?.status !== "active") {
    return { status: "skipped", newMessages: 0, newComments: 0 };
  }
  // Over the plan's accounts after a downgrade: kept, not synced (issue 30 point 6).
  if (await accountPausedBy(ctx.db, connection)) {
    return { status: "skipped", newMessages: 0, newComments: 0 };
  }
  const notes = new Map<string, string>(
    connection.syncNotes.map((entry) => [entry.area, entry.message]),
  );
  const run = openSyncRun(ctx, connection, notes);

  for (const part of input.parts) {
    const requirement = partCapability[part];
    if (requirement && !hasCapability(connection, requirement.capability)) {
      notes.set(part, requirement.message);
      continue;
    }
    try {
      await input.runners[part](run);
      if (requirement) notes.delete(part);
      // Disconnected while this part ran: what it stored after the disconnect's delete goes too,
      // and the rest of the sync does not run (nothing may stay of an account that was removed).
      if (
        !(await findInstagramConnection(ctx.db, connection.workspaceId, connection.instagramId))
      ) {
        await deleteInstagramConnectionAndData(ctx.db, connection);
        return { status: "skipped", newMessages: 0, newComments: 0 };
      }
    } catch (error) {
      if (await handleGraphFailure(ctx, connection, error)) {
        return {
          status: "needs_reconnection",
          newMessages: run.newMessages,
          newComments: run.newComments,
        };
      }
      if (isRateLimited(error)) {
        throw new SyncPaused(15 * 60, "Instagram rate limit reached");
      }
      if (isPermissionError(error)) {
        notes.set(part, requirement?.message ?? `Instagram refused part of the sync (${part}).`);
        continue;
      }
      await saveNotes(ctx, connection, notes);
      throw error;
    }
  }
  await saveNotes(ctx, connection, notes, { synced: true });
  return { status: "done", newMessages: run.newMessages, newComments: run.newComments };
}

async function saveNotes(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  notes: Map<string, string>,
  options: { synced?: boolean } = {},
) {
  await updateInstagramConnection(ctx.db, connection, {
    syncNotes: [...notes].map(([area, message]) => ({ area, message })),
    ...(options.synced ? { lastSyncedAt: new Date(ctx.now()) } : {}),
  });
}
