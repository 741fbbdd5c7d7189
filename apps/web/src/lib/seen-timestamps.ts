import { useSyncExternalStore } from "react";

/**
 * Spec §3 seen-timestamp map: one local-storage key holding, per conversation id and per group
 * key ('messages', 'comments'), the time of the latest item the user has seen (ISO 8601).
 * Stored times come from the server's timestamps, never the browser's clock, so a clock that
 * runs behind cannot hide a new message.
 */
export const SEEN_TIMESTAMPS_STORAGE_KEY = "sightline.seen-timestamps";

export type SeenMap = Readonly<Record<string, string>>;
type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function parseSeenMap(raw: string | null): SeenMap {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && !Number.isNaN(Date.parse(entry[1])),
      ),
    );
  } catch {
    return {};
  }
}

/** Spec §4: unseen when the latest item is newer than the stored seen time (or none is stored). */
export function isUnseen(latestTimestamp: string, seenAt: string | undefined): boolean {
  if (seenAt === undefined) return true;
  return Date.parse(latestTimestamp) > Date.parse(seenAt);
}

/** The map with each key moved forward to its new time; a seen time never moves back. */
export function withSeen(map: SeenMap, updates: Readonly<Record<string, string>>): SeenMap {
  const next: Record<string, string> = { ...map };
  for (const [key, at] of Object.entries(updates)) {
    const current = next[key];
    if (current === undefined || Date.parse(at) > Date.parse(current)) next[key] = at;
  }
  return next;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedMap: SeenMap = {};

function browserStorage(): Storage | undefined {
  return typeof window === "undefined" ? undefined : window.localStorage;
}

export function readSeenMap(storage: Storage | undefined = browserStorage()): SeenMap {
  const raw = storage?.getItem(SEEN_TIMESTAMPS_STORAGE_KEY) ?? null;
  // The same object while the stored text is unchanged (useSyncExternalStore compares them).
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedMap = parseSeenMap(raw);
  }
  return cachedMap;
}

/** Records items as seen (per conversation id or group key) and tells every subscriber. */
export function markSeen(
  updates: Readonly<Record<string, string>>,
  storage: Storage | undefined = browserStorage(),
): void {
  if (!storage || Object.keys(updates).length === 0) return;
  const next = withSeen(readSeenMap(storage), updates);
  storage.setItem(SEEN_TIMESTAMPS_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab marking items seen updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SEEN_TIMESTAMPS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSeenMap(): SeenMap {
  return useSyncExternalStore(subscribe, readSeenMap, () => ({}));
}
