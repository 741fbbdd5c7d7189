import type { PlanId, WorkspaceRole } from "@sightline/contracts";
import type { Logger } from "./logger.ts";

export interface SessionUser {
  id: string;
  email: string;
  aal: "aal1" | "aal2";
  /** The session the request belongs to (the access token's `sid`, or the cookie's session). */
  sessionId: string | undefined;
}

/** The workspace a request acts in, and the signed-in member's role there (decision 026). */
export interface ActiveWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
  /** The folder its uploads live in (keys `<folder>/…`). */
  storageFolder: string;
  /** The plan in force now (an ended plan reads as Free): what `requirePlan` and `limit` read. */
  plan: PlanId;
  /** When the stored plan ends (null: no end date); an ended one already reads as Free above. */
  planUntil: Date | null;
  /**
   * The Instagram account (IG_ID) the request names among the workspace's accounts (the
   * `x-sightline-account` header or `?account=`); undefined: the workspace's first account.
   * Not checked against the workspace here: `findInstagramConnection` finds nothing for an
   * account the workspace has not connected, and `selectedConnection` answers 404 for it.
   */
  accountId: string | undefined;
}

/** The workspace a request acts in and the account it names (the workspace's first if none). */
export type WorkspaceRef = Pick<ActiveWorkspace, "id" | "accountId">;

export type AppVariables = {
  requestId: string;
  logger: Logger;
  /** The signed-in user, looked up on first call (see middleware/session.ts). */
  getUser: () => Promise<SessionUser | null>;
  /** The request's workspace for the signed-in user, resolved once (see middleware/session.ts). */
  getWorkspace: (user: SessionUser) => Promise<ActiveWorkspace>;
};

export type AppEnv = { Variables: AppVariables };
