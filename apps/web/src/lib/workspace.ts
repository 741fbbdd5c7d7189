import { WORKSPACE_HEADER } from "@sightline/contracts";

/**
 * The workspace this tab has open (issue 29, decision 026). Every API request names it in the
 * `x-sightline-workspace` header (lib/api-client.ts), the live stream and plain URLs (images,
 * downloads) in `?workspace=`; without one the server uses the workspace the user opened last.
 * Kept in localStorage so a reload keeps it; a stale id (left, removed) is dropped when the
 * server answers 404 for it (lib/workspaces.ts).
 */
export const WORKSPACE_STORAGE_KEY = "sightline.workspace";

const listeners = new Set<(id: string | null) => void>();

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(WORKSPACE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

let openId: string | null | undefined;

export function getOpenWorkspaceId(): string | null {
  if (openId === undefined) openId = readStored();
  return openId;
}

/** Opens `id` (null: the server's choice) for this tab and the next reload. */
export function setOpenWorkspaceId(id: string | null): void {
  if (getOpenWorkspaceId() === id) return;
  openId = id;
  try {
    if (id) globalThis.localStorage?.setItem(WORKSPACE_STORAGE_KEY, id);
    else globalThis.localStorage?.removeItem(WORKSPACE_STORAGE_KEY);
  } catch {
    // not remembered across reloads, still used by this tab
  }
  for (const listener of listeners) listener(id);
}

/** Calls `listener` when another workspace is opened; returns the unsubscribe. */
export function onOpenWorkspaceChange(listener: (id: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header naming the open workspace, or none when the server should choose. */
export function workspaceHeaders(): Record<string, string> {
  const id = getOpenWorkspaceId();
  return id ? { [WORKSPACE_HEADER]: id } : {};
}

/** `url` with `?workspace=<id>` added, for requests that cannot send a header. */
export function withWorkspace(url: string): string {
  const id = getOpenWorkspaceId();
  if (!id) return url;
  return `${url}${url.includes("?") ? "&" : "?"}workspace=${encodeURIComponent(id)}`;
}
