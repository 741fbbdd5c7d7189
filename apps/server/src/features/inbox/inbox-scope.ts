import type { Db } from "@sightline/db";
import { isGraphApiError, isOutsideMessagingWindow } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import type { WorkspaceRef } from "../../lib/app-types.ts";
import { selectedConnection } from "../../middleware/session.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Storage } from "../../platform/storage.ts";
import type { InstagramContext } from "../instagram/index.ts";

/** What the inbox's routes and services work with (built by app.ts from the root's deps). */
export type InboxDeps = {
  db: Db;
  instagram: InstagramContext;
  now: Clock;
  storage: Storage;
  publicUrl: string;
};

export type InboxScope = { workspaceId: string; accountId: string };

export const notFound = () => new AppError("not_found", "This conversation does not exist.");
export const commentNotFound = () => new AppError("not_found", "This comment does not exist.");

/** What the user reads under a failed reply: Instagram's words, never the request's address. */
export function graphReason(error: unknown): string {
  if (!isGraphApiError(error)) return "Instagram could not be reached. Please try again.";
  if (isOutsideMessagingWindow(error)) {
    return "Instagram says the 24-hour window to reply has closed: a business can reply only within 24 hours of the person's last message.";
  }
  return error.userMessage ?? error.graphMessage;
}

/** The selected account's connection and the inbox scope it gives, or undefined when not connected. */
export async function activeScope(deps: Pick<InboxDeps, "db">, workspace: WorkspaceRef) {
  const connection = await selectedConnection(deps.db, workspace);
  if (!connection) return undefined;
  return { connection, scope: { workspaceId: workspace.id, accountId: connection.instagramId } };
}

export async function requireActive(deps: Pick<InboxDeps, "db">, workspace: WorkspaceRef) {
  const found = await activeScope(deps, workspace);
  if (!found) throw notFound();
  return found;
}

export function ensureConnectionActive(connection: { status: string }) {
  if (connection.status !== "active") {
    throw new AppError("conflict", "Reconnect Instagram in Settings: its access ended.");
  }
}
