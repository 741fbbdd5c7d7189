import {
  ACCOUNT_HEADER,
  accountIdPattern,
  can,
  effectivePlan,
  roleLabels,
  WORKSPACE_HEADER,
  type WorkspaceAction,
} from "@sightline/contracts";
import {
  type Db,
  ensurePersonalWorkspace,
  findInstagramConnection,
  findMembership,
  isSessionActive,
  listMemberships,
  type Membership,
  personalWorkspaceName,
} from "@sightline/db";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/create-auth.ts";
import type { JwtVerifier } from "../auth/jwt-verifier.ts";
import { AppError } from "../lib/app-error.ts";
import type { ActiveWorkspace, AppEnv, SessionUser, WorkspaceRef } from "../lib/app-types.ts";
import type { Clock } from "../platform/clock.ts";

/**
 * Gives every API request `c.var.getUser()`: the signed-in user from a Bearer access token (JWT)
 * or the session cookie, looked up at most once and only when a route asks (health, config and
 * Meta's callbacks never touch the session store). Routes that need a user use `requireUser`;
 * every query then takes `c.var.user.id`.
 *
 * A request with an access token also needs the session it was minted from to exist still, reads
 * as well as writes (issue 25): signing out, a revoked session, a password reset or deleting the
 * account stops the token at once, not when it expires 15 minutes later.
 */
export function sessionMiddleware(
  auth: Auth,
  verifyAccessToken: JwtVerifier,
  options: { db: Db; now: Clock },
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let resolved: Promise<SessionUser | null> | undefined;
    const resolve = async (): Promise<SessionUser | null> => {
      const authorization = c.req.header("authorization");
      if (authorization?.toLowerCase().startsWith("bearer ")) {
        const claims = await verifyAccessToken(authorization.slice(7).trim());
        // Every request, reads too: a token of a session that ended (sign-out, revoke, password
        // reset, account deletion) reads nothing more, though it has not expired yet.
        if (
          !(
            claims.sessionId &&
            (await isSessionActive(
              options.db,
              claims.sessionId,
              claims.userId,
              new Date(options.now()),
            ))
          )
        ) {
          throw new AppError("unauthorized", "Your session has ended. Please sign in again.");
        }
        return {
          id: claims.userId,
          email: claims.email,
          aal: claims.aal,
          sessionId: claims.sessionId,
        };
      }
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!result) return null;
      return {
        id: result.user.id,
        email: result.user.email,
        aal: (result.session as { aal?: string }).aal === "aal2" ? "aal2" : "aal1",
        sessionId: result.session.id,
      };
    };
    c.set("getUser", () => {
      resolved ??= resolve();
      return resolved;
    });
    let workspace: Promise<ActiveWorkspace> | undefined;
    c.set("getWorkspace", (user: SessionUser) => {
      workspace ??= resolveWorkspace(
        options.db,
        user,
        c.req.header(WORKSPACE_HEADER) ?? c.req.query("workspace") ?? undefined,
        c.req.header(ACCOUNT_HEADER) ?? c.req.query("account") ?? undefined,
        new Date(options.now()),
      );
      return workspace;
    });
    await next();
  });
}

/** Answers 401 with `message` when nobody is signed in (a route may say it in its own words). */
export function requireUserSaying(message: string) {
  return createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await c.var.getUser();
    if (!user) throw new AppError("unauthorized", message);
    c.set("user", user);
    await next();
  });
}

export const requireUser = requireUserSaying("Sign in to continue.");

/** A workspace id as the database makes them (anything else names no workspace). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace a request acts in: the one the web app names in the `x-sightline-workspace`
 * header (or `?workspace=` where a header cannot be sent, the live stream), when the user is a
 * member of it; without one, the workspace they opened last (their personal one at first, made
 * here for a user who has none). Naming a workspace the user is not a member of answers 404, as
 * any foreign id does.
 */
export async function resolveWorkspace(
  db: Db,
  user: SessionUser,
  named: string | undefined,
  namedAccount?: string,
  /** The app's clock: a plan whose end date has passed by it reads as Free. */
  now: Date = new Date(),
): Promise<ActiveWorkspace> {
  // An account is Instagram's numeric id: anything else names no account of any workspace.
  if (namedAccount && !accountIdPattern.test(namedAccount)) {
    throw new AppError("not_found", "This Instagram account is not connected to this workspace.");
  }
  const accountId = namedAccount || undefined;
  if (named) {
    const membership = uuidPattern.test(named)
      ? await findMembership(db, named, user.id)
      : undefined;
    if (!membership) throw new AppError("not_found", "Workspace not found.");
    return active(membership, accountId, now);
  }
  const [first] = await listMemberships(db, user.id);
  if (first) return active(first, accountId, now);
  const id = await ensurePersonalWorkspace(db, {
    userId: user.id,
    name: personalWorkspaceName(null, user.email),
  });
  return active((await findMembership(db, id, user.id))!, accountId, now);
}

function active(membership: Membership, accountId: string | undefined, now: Date): ActiveWorkspace {
  return {
    id: membership.workspaceId,
    name: membership.name,
    role: membership.role,
    personal: membership.personal,
    storageFolder: membership.storageFolder,
    plan: effectivePlan(membership.plan, membership.planUntil, now),
    planUntil: membership.planUntil,
    accountId,
  };
}

/**
 * The connection a request acts on: the account it names in its workspace, or the workspace's
 * first; undefined when the workspace has none. Naming an account this workspace has not
 * connected (another tenant's, a disconnected one) answers 404, as any foreign id does.
 */
export async function selectedConnection(db: Db, workspace: WorkspaceRef) {
  const row = await findInstagramConnection(db, workspace.id, workspace.accountId);
  if (!row && workspace.accountId !== undefined) {
    throw new AppError("not_found", "This Instagram account is not connected to this workspace.");
  }
  return row;
}

export type MemberEnv = AppEnv & { Variables: { user: SessionUser; workspace: ActiveWorkspace } };

/**
 * A signed-in member of the request's workspace whose role may take `action` (the one table in
 * contracts' workspaces.ts): 401 when nobody is signed in, 404 for a workspace they are not in,
 * 403 for a role without the right. Every query of the route then takes `c.var.workspace.id`.
 */
export function requireMember(
  /** The action, or several of which the role needs any one (the route tells them apart). */
  action: WorkspaceAction | readonly WorkspaceAction[],
  signedOutMessage = "Sign in to continue.",
) {
  const actions: readonly WorkspaceAction[] = typeof action === "string" ? [action] : action;
  return createMiddleware<MemberEnv>(async (c, next) => {
    const user = await c.var.getUser();
    if (!user) throw new AppError("unauthorized", signedOutMessage);
    c.set("user", user);
    const workspace = await c.var.getWorkspace(user);
    if (!actions.some((one) => can(workspace.role, one))) {
      throw new AppError(
        "forbidden",
        `Your role (${roleLabels[workspace.role]}) cannot do this here.`,
      );
    }
    c.set("workspace", workspace);
    await next();
  });
}

/**
 * `requireMember` by method, for a router that mounts one middleware for all its routes: reads
 * (GET, HEAD) need `readAction`, everything else `writeAction`.
 */
export function requireMemberByMethod(
  writeAction: WorkspaceAction,
  readAction: WorkspaceAction = "read",
) {
  const read = requireMember(readAction);
  const write = requireMember(writeAction);
  return createMiddleware<MemberEnv>((c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? read(c, next) : write(c, next),
  );
}
