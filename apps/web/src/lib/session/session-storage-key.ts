/**
 * Where the browser keeps the session. Its own module so that the page's first script
 * (app/main.tsx) can tell a stored session without loading the session client.
 */
export const SESSION_STORAGE_KEY = "sightline.auth.session";

/** A stored session, even one the server may refuse (the first confirmation decides). */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
