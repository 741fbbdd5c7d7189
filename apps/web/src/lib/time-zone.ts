/**
 * The user's time zone (Settings → Profile), for every time the app shows. Until the profile is
 * loaded, the browser's zone. Kept in local storage so a reload shows times right away.
 */
export const TIME_ZONE_STORAGE_KEY = "sightline.time-zone";

type Listener = () => void;
const listeners = new Set<Listener>();
let current: string | undefined;

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export function getTimeZone(): string {
  if (current) return current;
  try {
    current = window.localStorage.getItem(TIME_ZONE_STORAGE_KEY) ?? undefined;
  } catch {
    current = undefined;
  }
  return current ?? browserTimeZone();
}

/** Called with the profile's zone (null: the user never chose one, so follow the browser). */
export function setTimeZone(zone: string | null) {
  const next = zone ?? undefined;
  if (next === current) return;
  current = next;
  try {
    if (next) window.localStorage.setItem(TIME_ZONE_STORAGE_KEY, next);
    else window.localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    // kept in memory only
  }
  for (const listener of listeners) listener();
}

export function subscribeTimeZone(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
