/*
 * The app's first GET /api/auth/get-session, started by main.tsx before the app's code has
 * loaded: the session client's first confirmation takes its response instead of asking again,
 * so the signed-in pages (which wait for it) start their own requests ~0.5 s sooner on a slow
 * machine (issue 27 point 3). No imports: main.tsx is on every public page's first load.
 */

export const SESSION_PATH = "/api/auth/get-session";

let early: Promise<Response> | undefined;

/** Asks for the session now (once per page); the first confirmation takes the answer. */
export function fetchSessionEarly(fetcher: typeof fetch = (...args) => window.fetch(...args)) {
  if (early) return;
  early = fetcher(SESSION_PATH, { method: "GET", credentials: "same-origin" });
  // A failure is the taker's to report (as its own request's would be); none is left unhandled.
  early.catch(() => {});
}

/** The early request, for the first confirmation only: later calls ask the server themselves. */
export const earlySession = {
  take(): Promise<Response> | undefined {
    const response = early;
    early = undefined;
    return response;
  },
  /** A sign-in, sign-up or sign-out since: the early answer would be the session before it. */
  discard(): void {
    early = undefined;
  },
};
