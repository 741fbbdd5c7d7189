import { ACCOUNT_HEADER, accountIdPattern } from "@sightline/contracts";
import { getOpenWorkspaceId, onOpenWorkspaceChange } from "./workspace.ts";

/**
 * The Instagram account this tab acts on, among the open workspace's accounts (issue 29, decision
 * 026). Every API request names it in the `x-sightline-account` header (lib/api-client.ts); the
 * address carries it as `?account=` so a copied link or a reload keeps it, and the last choice is
 * remembered per workspace for a new tab. Null: the server's choice (the workspace's first
 * account). A stale id (disconnected, another workspace's) is dropped when the account list no
 * longer has it (features/instagram/api/use-instagram-accounts.ts).
 */
export const ACCOUNT_PARAM = "account";
const storageKey = () => `sightline.account.${getOpenWorkspaceId() ?? "default"}`;

const listeners = new Set<(id: string | null) => void>();
let selected: string | null | undefined;

function valid(id: string | null | undefined): string | null {
  return id && accountIdPattern.test(id) ? id : null;
}

function fromAddress(): string | null {
  try {
    return valid(new URLSearchParams(globalThis.location?.search ?? "").get(ACCOUNT_PARAM));
  } catch {
    return null;
  }
}

function readStored(): string | null {
  try {
    return valid(globalThis.localStorage?.getItem(storageKey()));
  } catch {
    return null;
  }
}

/** The account this tab acts on: the address's, else the one last chosen in this workspace. */
export function getSelectedAccountId(): string | null {
  if (selected === undefined) selected = fromAddress() ?? readStored();
  return selected;
}

/** Acts on `id` (null: the workspace's first) from now on, and remembers it for the workspace. */
export function setSelectedAccountId(id: string | null): void {
  const next = valid(id);
  if (getSelectedAccountId() === next) return;
  selected = next;
  try {
    if (next) globalThis.localStorage?.setItem(storageKey(), next);
    else globalThis.localStorage?.removeItem(storageKey());
  } catch {
    // not remembered for a new tab, still used by this one
  }
  for (const listener of listeners) listener(next);
}

// Another workspace opened: its own last choice applies (the address named the previous one's).
onOpenWorkspaceChange(() => {
  const next = readStored();
  if (next === selected) return;
  selected = next;
  for (const listener of listeners) listener(next);
});

/** Calls `listener` when another account is selected; returns the unsubscribe. */
export function onSelectedAccountChange(listener: (id: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header naming the selected account, or none when the server should choose. */
export function accountHeaders(): Record<string, string> {
  const id = getSelectedAccountId();
  return id ? { [ACCOUNT_HEADER]: id } : {};
}

/** `url` with `?account=<id>` added, for requests that cannot send a header (images). */
export function withAccount(url: string): string {
  const id = getSelectedAccountId();
  if (!id) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${ACCOUNT_PARAM}=${encodeURIComponent(id)}`;
}

/** `search` (a location's query) with the selected account in it, or unchanged without one. */
export function searchWithAccount(search: string): string {
  const id = getSelectedAccountId();
  const params = new URLSearchParams(search);
  if (!id || params.get(ACCOUNT_PARAM) === id) return search;
  params.set(ACCOUNT_PARAM, id);
  return `?${params.toString()}`;
}

/** For tests: forget the tab's choice so the next read starts from the address and storage. */
export function resetSelectedAccountForTests(): void {
  selected = undefined;
}
