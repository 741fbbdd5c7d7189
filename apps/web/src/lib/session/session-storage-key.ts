/**
 * Where the browser keeps the session. Its own module so that the page's first script
 * (app/main.tsx) can tell a stored session without loading the session client.
 */
export const SESSION_STORAGE_KEY = "sightline.auth.session";
