import { randomBytes } from "node:crypto";
import {
  CONNECT_LINK_STATE_PREFIX,
  CONNECT_LINK_TTL_DAYS,
  type ConnectLinkPublicView,
  type ConnectLinkView,
  type ConnectLogin,
  can,
  MAX_ACCOUNTS_PER_WORKSPACE,
  type WorkspaceRole,
} from "@sightline/contracts";
import {
  type ConnectLinkRow,
  consumeOauthState,
  countUsableConnectLinks,
  findConnectLink,
  findConnectLinkOfPendingState,
  findUsableConnectLink,
  insertConnectLink,
  markConnectLinkUsed,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { takeUserLimit } from "../../platform/limits/user-limits.ts";
import { connectLinkMessage } from "../../platform/mail/templates.ts";
import {
  assertLoginAvailable,
  assertRoomForAccount,
  availableLogins,
  beginRoundTrip,
  type ConsentAnswer,
  connectFromConsent,
} from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";

/*
 * Connect links (issue 29 point 3, decision 026): a member sends an account's owner a link; the
 * owner authorises their account through Meta's own consent page into the member's workspace,
 * without a Sightline account, without joining the workspace and without seeing anything in it.
 * The token is random (256 bits) and kept only as a hash; the link works once, for
 * CONNECT_LINK_TTL_DAYS, and can be withdrawn. The round trip it starts is bound to the visitor's
 * browser by an httpOnly cookie, as a member's is bound to their session.
 */

export const CONNECT_LINK_TTL_MS = CONNECT_LINK_TTL_DAYS * 24 * 60 * 60_000;
/** Most links a workspace keeps usable at once. */
export const MAX_USABLE_CONNECT_LINKS = 20;
/** The cookie that binds a link's round trip to the browser that started it. */
export const CONNECT_LINK_COOKIE = "sightline_connect_link";
/** How long a used link stays listed, so the member sees which account came through it. */
const USED_LINKS_LISTED_MS = 30 * 24 * 60 * 60_000;

export const connectLinkGoneMessage =
  "This connect link does not work any more: it was used, it expired or it was withdrawn. Ask the person who sent it for a new one.";

export const usedLinkListedSince = (now: number) => new Date(now - USED_LINKS_LISTED_MS);

export function connectLinkView(row: ConnectLinkRow): ConnectLinkView {
  return {
    id: row.id,
    label: row.label,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
    used_username: row.usedUsername,
  };
}

/** The `session_id` of a link's round trip: the browser cookie, hashed. */
export const linkSessionId = (cookie: string) => `link:${sha256Hex(cookie)}`;

function linkUrl(ctx: InstagramContext, token: string) {
  return `${new URL(ctx.publicUrl).origin}/connect?token=${token}`;
}

/** A new link for the workspace; e-mailed when `email` is given. The URL is answered once. */
export async function createConnectLink(
  ctx: InstagramContext,
  input: {
    workspaceId: string;
    workspaceName: string;
    user: { id: string; email: string };
    label: string | undefined;
    email: string | undefined;
  },
): Promise<{ link: ConnectLinkView; url: string; emailed: boolean }> {
  const now = new Date(ctx.now());
  if ((await countUsableConnectLinks(ctx.db, input.workspaceId, now)) >= MAX_USABLE_CONNECT_LINKS) {
    throw new AppError(
      "conflict",
      `Up to ${MAX_USABLE_CONNECT_LINKS} connect links can wait at once. Withdraw some first.`,
    );
  }
  // Each e-mailed link is an e-mail to any address: counted with invitations.
  if (input.email) await takeUserLimit(ctx, "invite", input.user.id);
  const token = randomBytes(32).toString("base64url");
  const row = await insertConnectLink(ctx.db, {
    workspaceId: input.workspaceId,
    createdBy: input.user.id,
    tokenHash: sha256Hex(token),
    label: input.label ?? null,
    email: input.email ?? null,
    expiresAt: new Date(now.getTime() + CONNECT_LINK_TTL_MS),
  });
  const url = linkUrl(ctx, token);
  if (input.email) {
    const message = connectLinkMessage(input.email, {
      inviter: input.user.email,
      workspace: input.workspaceName,
      url,
      days: CONNECT_LINK_TTL_DAYS,
    });
    ctx.tasks.run("connect link e-mail", () => ctx.mailer.sendEmail(message));
  }
  return { link: connectLinkView(row), url, emailed: input.email !== undefined };
}

/**
 * A link acts with its maker's right to connect accounts: it stops working when they leave the
 * workspace or lose that right.
 */
function makerMayConnect(found: { makerRole: WorkspaceRole | null }) {
  return found.makerRole !== null && can(found.makerRole, "connections");
}

async function usableLink(ctx: InstagramContext, token: string) {
  const found = await findUsableConnectLink(ctx.db, sha256Hex(token), new Date(ctx.now()));
  if (!found || !makerMayConnect(found)) throw new AppError("not_found", connectLinkGoneMessage);
  return found;
}

/** What the link's page shows: the workspace asking and the logins offered, nothing else. */
export async function previewConnectLink(
  ctx: InstagramContext,
  token: string,
): Promise<ConnectLinkPublicView> {
  const { link, workspaceName } = await usableLink(ctx, token);
  return {
    workspace_name: workspaceName,
    label: link.label,
    expires_at: link.expiresAt.toISOString(),
    logins: availableLogins(ctx),
  };
}

const workspaceFullMessage = `This workspace already has ${MAX_ACCOUNTS_PER_WORKSPACE} Instagram accounts, the most it can connect. Let the person who sent you this link know.`;

/**
 * The visitor chose a login: a round trip bound to their browser's cookie (`cookie`, new for
 * each start) and to the link. Ten starts an hour per link.
 */
export async function startLinkConnect(
  ctx: InstagramContext,
  input: { token: string; login: ConnectLogin; cookie: string },
): Promise<{ authorizeUrl: string }> {
  const { link } = await usableLink(ctx, input.token);
  assertLoginAvailable(ctx, input.login);
  await takeUserLimit(ctx, "connect", `link:${link.id}`);
  await assertRoomForAccount(ctx, link.workspaceId, workspaceFullMessage);
  return beginRoundTrip(
    ctx,
    {
      userId: link.createdBy,
      workspaceId: link.workspaceId,
      sessionId: linkSessionId(input.cookie),
      login: input.login,
      connectLinkId: link.id,
    },
    CONNECT_LINK_STATE_PREFIX,
  );
}

/**
 * Back from Meta: the state must be this browser's, fresh and unused, and its link still usable;
 * the account is connected into the link's workspace (recorded as connected by the link's
 * member) and the link is used up.
 */
export async function completeLinkConnect(
  ctx: InstagramContext,
  input: ConsentAnswer & { cookie: string | undefined },
) {
  const pending =
    input.state && input.cookie
      ? await consumeOauthState(ctx.db, {
          stateHash: sha256Hex(input.state),
          sessionId: linkSessionId(input.cookie),
          now: new Date(ctx.now()),
        })
      : undefined;
  const found = pending?.connectLinkId
    ? await findConnectLink(ctx.db, pending.connectLinkId)
    : undefined;
  if (found && !makerMayConnect(found)) throw new AppError("bad_request", connectLinkGoneMessage);
  if (!pending || !found || pending.login !== input.login) {
    throw new AppError(
      "bad_request",
      "This connection did not start in this browser or took too long. Open the link you were sent again.",
    );
  }
  const connection = await connectFromConsent(ctx, pending, input, async (account) => {
    const used = await markConnectLinkUsed(ctx.db, found.link.id, {
      now: new Date(ctx.now()),
      instagramId: account.instagramId,
      username: account.username,
    });
    if (!used) throw new AppError("bad_request", connectLinkGoneMessage);
  });
  return { connection, link: found.link, workspaceName: found.workspaceName };
}

/**
 * The sandbox's consent page acts for the visitor of a link (decision 015): a copy of the demo
 * accounts of the link's own, while the round trip this browser started is pending.
 */
export async function sandboxSpaceOfLinkVisitor(
  ctx: Pick<InstagramContext, "db" | "now">,
  cookie: string | undefined,
): Promise<string | undefined> {
  if (!cookie) return undefined;
  const linkId = await findConnectLinkOfPendingState(
    ctx.db,
    linkSessionId(cookie),
    new Date(ctx.now()),
  );
  return linkId ? `connect-link:${linkId}` : undefined;
}
