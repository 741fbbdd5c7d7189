import type { Logger } from "./logger.ts";

export interface SessionUser {
  id: string;
  email: string;
  aal: "aal1" | "aal2";
  /** The session the request belongs to (the access token's `sid`, or the cookie's session). */
  sessionId: string | undefined;
}

export type AppVariables = {
  requestId: string;
  logger: Logger;
  /** The signed-in user, looked up on first call (see middleware/session.ts). */
  getUser: () => Promise<SessionUser | null>;
};

export type AppEnv = { Variables: AppVariables };
