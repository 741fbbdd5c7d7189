/**
 * The user's time zone (Settings → Profile), for every time the app shows. Until the profile is
 * loaded, the browser's zone. Kept in local storage so a reload shows times right away.
 */
export const TIME_ZONE_STORAGE_KEY = "sightline.time-zone";

type Listener = () => void;
const listeners = new Set<Listener>();
let current: string | undefined;

let browserZone: string | undefined;

/**
 * The browser's zone, read once per page: building the formatter that tells it takes about a
 * millisecond, and every component showing a time asks on each render (a tenth of the
 * dashboard's first load went there, issue 27 point 3). A change of the computer's zone shows
 * from the next page load on.
 */
export function browserTimeZone(): string {
  if (browserZone) return browserZone;
  try {
    browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    browserZone = "UTC";
  }
  return browserZone;
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
