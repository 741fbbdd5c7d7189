import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import {
  type ConnectLogin,
  type InstagramConnection,
  MAX_ACCOUNTS_PER_WORKSPACE,
  planAllowingMore,
  planCapabilities,
  planLimitMessage,
} from "@sightline/contracts";
import {
  consumeOauthState,
  deleteInstagramConnectionAndData,
  deleteInstagramPostsOfUser,
  findInstagramConnection,
  type InstagramConnectionRow,
  insertOauthState,
  listInstagramConnections,
  type OauthStateRow,
  saveInstagramConnection,
  updateInstagramConnection,
} from "@sightline/db";
import {
  allFacebookScopes,
  allInstagramScopes,
  type FacebookPage,
  isGraphApiError,
  isTokenInvalid,
} from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { isPrivateAddress } from "../../lib/safe-fetch.ts";
import { instagramReconnectMessage } from "../../platform/mail/templates.ts";
import { planOf, planRequired } from "../plans/index.ts";
import { removeFilesNoDraftUses } from "../uploads/index.ts";
import { accountClientFor, type InstagramContext, openToken, sealToken } from "./context.ts";

const STATE_TTL_MS = 10 * 60_000;

export const callbackPaths: Record<ConnectLogin, string> = {
  instagram: "/auth/instagram/callback",
  facebook: "/facebook-callback",
};

function redirectUri(ctx: InstagramContext, login: ConnectLogin): string {
  return `${new URL(ctx.publicUrl).origin}${callbackPaths[login]}`;
}

export const tooManyAccountsMessage = `This workspace has ${MAX_ACCOUNTS_PER_WORKSPACE} Instagram accounts, the most it can connect. Disconnect one in Settings to connect another.`;

/**
 * Refuses a new account when the workspace has as many as its plan allows (issue 30): a plan
 * with more accounts above it answers 403 `plan_required` naming it; the largest plan's limit is
 * the 409 it always was.
 */
export async function assertRoomForAccount(
  ctx: Pick<InstagramContext, "db">,
  workspaceId: string,
  full: string = tooManyAccountsMessage,
) {
  const connected = (await listInstagramConnections(ctx.db, workspaceId)).length;
  const plan = await planOf(ctx.db, workspaceId);
  if (connected < planCapabilities[plan].accounts) return;
  if (planAllowingMore(plan, "accounts")) {
    throw planRequired(plan, "accounts", planLimitMessage(plan, "accounts"));
  }
  throw new AppError("conflict", full);
}

/** A host the internet cannot reach: a local name, or an address safe-fetch calls private. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/**
 * Issue 13 point 6: with real Meta, Instagram fetches images to publish from this server's
 * signed URLs. When PUBLIC_URL is not reachable from the internet, say so (at connect time, in
 * Settings, and in the pre-publish check) instead of failing when the post goes out.
 */
export function unreachablePublicUrl(ctx: Pick<InstagramContext, "instagram" | "publicUrl">) {
  const origin = new URL(ctx.publicUrl);
  if (ctx.instagram.mode !== "meta" || !isPrivateHost(origin.hostname)) return undefined;
  return `Instagram fetches images to publish from ${origin.origin}, which cannot be reached from the internet. Set PUBLIC_URL to the address the internet reaches this server at; videos upload directly and are not affected.`;
}

/** The connection without its token, as the API answers it. */
export function connectionView(
  row: InstagramConnectionRow,
  ctx?: Pick<InstagramContext, "instagram" | "publicUrl">,
): InstagramConnection {
  const reach = ctx ? unreachablePublicUrl(ctx) : undefined;
  return {
    id: row.id,
    user_id: row.connectedByUserId ?? "",
    workspace_id: row.workspaceId,
    instagram_id: row.instagramId,
    page_instagram_id: row.pageInstagramId,
    instagram_username: row.instagramUsername,
    token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
    profile_picture_url: row.profilePictureUrl,
    followers_count: row.followersCount,
    updated_at: row.updatedAt.toISOString(),
    login: row.login,
    status: row.status,
    status_reason: row.statusReason,
    scopes: row.scopes,
    name: row.name,
    account_type: row.accountType,
    follows_count: row.followsCount,
    media_count: row.mediaCount,
    connected_at: row.connectedAt.toISOString(),
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    sync_notes: reach ? [...row.syncNotes, { area: "publishing", message: reach }] : row.syncNotes,
  };
}

export async function announceConnection(ctx: InstagramContext, workspaceId: string) {
  await ctx.events.publish(workspaceId, "instagram-connection:updated");
}

/** The logins this server offers: Facebook Login always, Instagram Login when its app is set. */
export function availableLogins(ctx: InstagramContext): ConnectLogin[] {
  return ctx.instagram.instagramAppId ? ["instagram", "facebook"] : ["facebook"];
}

export function assertLoginAvailable(ctx: InstagramContext, login: ConnectLogin) {
  if (!availableLogins(ctx).includes(login)) {
    throw new AppError(
      "bad_request",
      "Instagram Login is not set up on this server. Connect with Facebook instead.",
    );
  }
}

/**
 * Step 1: a state bound to the user and their session, stored as a hash, single use; the
 * consent page's URL for the chosen login.
 */
export async function startConnect(
  ctx: InstagramContext,
  input: {
    /** The member connecting, and the workspace the account is connected to. */
    userId: string;
    workspaceId: string;
    sessionId: string | undefined;
    login: ConnectLogin;
    /** Re-authorise the connected account with `login` instead, keeping everything stored. */
    switchLogin?: boolean;
    /** The account the member has open (the workspace's first when not named). */
    accountId?: string;
  },
): Promise<{ authorizeUrl: string }> {
  if (!input.sessionId) {
    throw new AppError("unauthorized", "Your session has ended. Please sign in again.");
  }
  assertLoginAvailable(ctx, input.login);
  let keepInstagramId: string | null = null;
  if (input.switchLogin) {
    const current = await findInstagramConnection(ctx.db, input.workspaceId, input.accountId);
    if (!current) {
      throw new AppError(
        "bad_request",
        "Connect an Instagram account first, then switch its login.",
      );
    }
    if (current.login === input.login) {
      throw new AppError("bad_request", `This account already uses ${loginNames[input.login]}.`);
    }
    keepInstagramId = current.instagramId;
  }
  return beginRoundTrip(ctx, {
    userId: input.userId,
    workspaceId: input.workspaceId,
    sessionId: input.sessionId,
    login: input.login,
    keepInstagramId,
  });
}

/**
 * A new single-use state (stored as a hash, ten minutes) and the consent page's URL for it.
 * `prefix` marks a connect link's round trip, so the callback page knows which way to finish.
 */
export async function beginRoundTrip(
  ctx: InstagramContext,
  pending: Pick<OauthStateRow, "userId" | "workspaceId" | "sessionId" | "login"> &
    Partial<Pick<OauthStateRow, "keepInstagramId" | "connectLinkId">>,
  prefix = "",
): Promise<{ authorizeUrl: string }> {
  const state = `${prefix}${randomBytes(32).toString("base64url")}`;
  await insertOauthState(ctx.db, {
    ...pending,
    stateHash: sha256Hex(state),
    expiresAt: new Date(ctx.now() + STATE_TTL_MS),
  });
  const authorizeUrl =
    pending.login === "instagram"
      ? ctx.graph.oauth.instagramAuthorizeUrl({
          scopes: allInstagramScopes,
          state,
          redirectUri: redirectUri(ctx, "instagram"),
        })
      : ctx.graph.oauth.facebookAuthorizeUrl({
          scopes: allFacebookScopes,
          state,
          redirectUri: redirectUri(ctx, "facebook"),
        });
  return { authorizeUrl };
}

const loginNames: Record<ConnectLogin, string> = {
  instagram: "Instagram Login",
  facebook: "Facebook Login",
};

/**
 * A login switch came back with another account: nothing is saved, the connection stays as it
 * was (the new grant's token is dropped unused).
 */
export function switchedAccountMessage(login: ConnectLogin, chosen: string, kept: string): string {
  return `You chose @${chosen} on ${login === "facebook" ? "Facebook" : "Instagram"}'s page, but this Sightline account is connected to @${kept}. Nothing changed: you are still connected to @${kept} as before. To switch to ${loginNames[login]}, pick @${kept} on that page (with Facebook Login, the Page linked to @${kept}).`;
}

/** Meta's consent-page errors, in words for the person who just clicked. */
function consentErrorMessage(error: string, reason: string | undefined): string {
  if (error === "access_denied" || reason === "user_denied") {
    return "You cancelled the connection on Instagram's page. Nothing was connected.";
  }
  return "Instagram could not complete the connection. Please try again.";
}

type Grant = {
  accessToken: string;
  expiresAt: Date | null;
  scopes: string[];
  instagramId: string;
  username: string;
  appScopedId?: string;
  pageInstagramId?: string;
  facebookPageId?: string;
  facebookUserId?: string;
  facebookUserToken?: string;
};

async function exchangeInstagram(ctx: InstagramContext, code: string): Promise<Grant> {
  const uri = redirectUri(ctx, "instagram");
  const short = await ctx.graph.oauth.exchangeInstagramCode(code, { redirectUri: uri });
  const long = await ctx.graph.oauth.exchangeInstagramLongLivedToken(short.accessToken);
  const identity = await ctx.graph.oauth.getInstagramAccountId(long.accessToken);
  return {
    accessToken: long.accessToken,
    expiresAt: long.expiresIn !== undefined ? new Date(ctx.now() + long.expiresIn * 1000) : null,
    scopes: short.permissions ?? long.permissions ?? [],
    instagramId: identity.accountId,
    username: identity.username ?? "",
    appScopedId: short.appScopedUserId,
  };
}

export const noLinkedAccountMessage =
  "None of your Facebook Pages has an Instagram professional account linked. Link your Instagram Business or Creator account to a Page (Instagram app › Settings › Account type and tools, or Meta Business Suite), then connect again.";

async function exchangeFacebook(ctx: InstagramContext, code: string): Promise<Grant> {
  const uri = redirectUri(ctx, "facebook");
  const short = await ctx.graph.oauth.exchangeFacebookCode(code, { redirectUri: uri });
  const long = await ctx.graph.oauth.exchangeFacebookLongLivedToken(short.accessToken);
  const [person, permissions, pages] = await Promise.all([
    ctx.graph.facebook.getUser(long.accessToken),
    ctx.graph.facebook.listPermissions(long.accessToken),
    ctx.graph.facebook.listInstagramPages(long.accessToken),
  ]);
  const page: FacebookPage | undefined = pages.find(
    (candidate) => candidate.instagram_business_account && candidate.access_token,
  );
  if (!page?.instagram_business_account || !page.access_token) {
    throw new AppError("bad_request", noLinkedAccountMessage);
  }
  return {
    // The Page token: publishing, moderation and messaging are documented with it (contract §10.1), and
    // one from a long-lived user token does not expire.
    accessToken: page.access_token,
    expiresAt: null,
    scopes: permissions
      .filter((entry) => entry.status === "granted")
      .map((entry) => entry.permission),
    instagramId: page.instagram_business_account.id,
    pageInstagramId: page.instagram_business_account.id,
    username: page.instagram_business_account.username ?? "",
    facebookPageId: page.id,
    facebookUserId: person.id,
    facebookUserToken: long.accessToken,
  };
}

/**
 * Step 2, from the callback page: the state must be this user's and session's, unused and
 * fresh; then the code becomes a long-lived token, the account id comes from /me, the row is
 * stored (token sealed) and webhooks are subscribed; the caller starts the first sync.
 */
export async function completeConnect(
  ctx: InstagramContext,
  input: {
    userId: string;
    workspaceId: string;
    sessionId: string | undefined;
  } & ConsentAnswer,
): Promise<InstagramConnection> {
  if (!input.sessionId) {
    throw new AppError("unauthorized", "Your session has ended. Please sign in again.");
  }
  const pending = input.state
    ? await consumeOauthState(ctx.db, {
        stateHash: sha256Hex(input.state),
        userId: input.userId,
        sessionId: input.sessionId,
        now: new Date(ctx.now()),
      })
    : undefined;
  // The account goes to the workspace the member started from, and only if it is still the one
  // they have open (a switch of workspace in between starts again).
  if (
    !pending ||
    pending.connectLinkId !== null ||
    pending.login !== input.login ||
    pending.workspaceId !== input.workspaceId
  ) {
    throw new AppError(
      "bad_request",
      "This connection link is not valid any more (it was used, expired or started elsewhere). Start again from Settings.",
    );
  }
  return connectFromConsent(ctx, pending, input);
}

/** What Meta's redirect brought back to the callback page. */
export type ConsentAnswer = {
  login: ConnectLogin;
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
  errorReason: string | undefined;
};

/**
 * The consented account into the pending round trip's workspace: the code becomes a long-lived
 * token, the account id comes from /me, the row is stored (token sealed) and webhooks are
 * subscribed. `beforeSave` runs once the account is known and allowed, before anything is stored
 * (a connect link is taken there).
 */
export async function connectFromConsent(
  ctx: InstagramContext,
  pending: OauthStateRow,
  input: ConsentAnswer,
  beforeSave?: (account: { instagramId: string; username: string }) => Promise<void>,
): Promise<InstagramConnection> {
  const workspaceId = pending.workspaceId;
  if (input.error)
    throw new AppError("bad_request", consentErrorMessage(input.error, input.errorReason));
  if (!input.code) {
    throw new AppError("bad_request", "Instagram did not send a sign-in code. Please try again.");
  }

  let grant: Grant;
  try {
    grant =
      input.login === "instagram"
        ? await exchangeInstagram(ctx, input.code)
        : await exchangeFacebook(ctx, input.code);
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.warn({ err: error, login: input.login }, "Instagram code exchange failed");
    throw new AppError(
      "bad_request",
      "Instagram did not accept the connection (the sign-in code may have expired). Please try again.",
    );
  }

  const now = new Date(ctx.now());
  if (pending.keepInstagramId !== null && grant.instagramId !== pending.keepInstagramId) {
    const kept =
      (await findInstagramConnection(ctx.db, workspaceId, pending.keepInstagramId))
        ?.instagramUsername ?? pending.keepInstagramId;
    ctx.logger.info({ workspaceId, login: input.login }, "login switch to another account refused");
    throw new AppError(
      "bad_request",
      switchedAccountMessage(input.login, grant.username || grant.instagramId, kept),
    );
  }
  // The same account again is a reconnect (its row and everything synced stay); another one is
  // added beside the workspace's others, up to the limit.
  const previous = await findInstagramConnection(ctx.db, workspaceId, grant.instagramId);
  if (!previous) await assertRoomForAccount(ctx, workspaceId);
  await beforeSave?.({
    instagramId: grant.instagramId,
    username: grant.username || previous?.instagramUsername || grant.instagramId,
  });
  let row = await saveInstagramConnection(ctx.db, {
    workspaceId,
    connectedByUserId: pending.userId,
    instagramId: grant.instagramId,
    pageInstagramId: grant.pageInstagramId ?? null,
    instagramUsername: grant.username || previous?.instagramUsername || grant.instagramId,
    accessToken: sealToken(ctx, workspaceId, grant.accessToken),
    tokenExpiresAt: grant.expiresAt,
    login: input.login,
    status: "active",
    statusReason: null,
    scopes: grant.scopes,
    facebookPageId: grant.facebookPageId ?? null,
    facebookUserId: grant.facebookUserId ?? null,
    facebookUserToken: grant.facebookUserToken
      ? sealToken(ctx, workspaceId, grant.facebookUserToken)
      : null,
    appScopedId: grant.appScopedId ?? null,
    tokenRefreshedAt: now,
    updatedAt: now,
    ...(previous ? {} : { lastSyncedAt: null, syncNotes: [] }),
  });
  row = (await refreshProfileRow(ctx, row)) ?? row;
  await subscribeWebhooks(ctx, row);
  await announceConnection(ctx, workspaceId);
  return connectionView(row, ctx);
}

async function subscribeWebhooks(ctx: InstagramContext, row: InstagramConnectionRow) {
  try {
    await accountClientFor(ctx, row).subscribeWebhooks(
      // Stories' final figures at expiry come only to Facebook Login (decision 039).
      row.login === "facebook"
        ? ["comments", "messages", "mentions", "story_insights"]
        : ["comments", "messages", "mentions"],
    );
  } catch (error) {
    ctx.logger.warn({ err: error, workspaceId: row.workspaceId }, "webhook subscription failed");
    await updateInstagramConnection(ctx.db, row, {
      syncNotes: [
        ...row.syncNotes.filter((note) => note.area !== "webhooks"),
        {
          area: "webhooks",
          message:
            "Live updates could not be switched on; new messages and comments arrive with the next sync instead.",
        },
      ],
    });
  }
}

/** Reads the profile into the row (picture, followers, counts). Null when Instagram refuses. */
export async function refreshProfileRow(
  ctx: InstagramContext,
  row: InstagramConnectionRow,
): Promise<InstagramConnectionRow | null> {
  try {
    const profile = await accountClientFor(ctx, row).getProfile();
    const now = new Date(ctx.now());
    return (
      (await updateInstagramConnection(ctx.db, row, {
        instagramUsername: profile.username ?? row.instagramUsername,
        name: profile.name ?? null,
        accountType: profile.account_type ?? row.accountType,
        profilePictureUrl: profile.profile_picture_url ?? null,
        followersCount: profile.followers_count ?? null,
        followsCount: profile.follows_count ?? null,
        mediaCount: profile.media_count ?? null,
        profileRefreshedAt: now,
        updatedAt: now,
      })) ?? null
    );
  } catch (error) {
    await handleGraphFailure(ctx, row, error);
    ctx.logger.warn(
      { err: error, workspaceId: row.workspaceId },
      "Instagram profile refresh failed",
    );
    return null;
  }
}

/**
 * A revoked or expired token (190) turns the connection into "needs reconnection": jobs stop
 * touching it, the app shows it, and the user gets one e-mail. Other errors pass through.
 */
export async function handleGraphFailure(
  ctx: InstagramContext,
  row: InstagramConnectionRow,
  error: unknown,
): Promise<boolean> {
  if (!isTokenInvalid(error)) return false;
  const reason =
    isGraphApiError(error) && error.subcode === 460
      ? "The Instagram password was changed."
      : isGraphApiError(error) && error.subcode === 463
        ? "The access expired."
        : "Instagram no longer accepts Sightline's access (it was removed or expired).";
  const updated = await updateInstagramConnection(ctx.db, row, {
    status: "needs_reconnection",
    statusReason: reason,
    updatedAt: new Date(ctx.now()),
  });
  if (row.status !== "needs_reconnection" && updated) {
    const email = await ctx.userEmail(row.workspaceId, row.instagramId);
    if (email) {
      const url = `${new URL(ctx.publicUrl).origin}/settings?connect=instagram&account=${encodeURIComponent(row.instagramId)}`;
      ctx.tasks.run("instagram reconnect e-mail", () =>
        ctx.mailer.sendEmail(instagramReconnectMessage(email, row.instagramUsername, url)),
      );
    }
    await announceConnection(ctx, row.workspaceId);
  }
  return true;
}

/**
 * Disconnect: revoke at Meta as far as Meta allows (webhook subscription off; Facebook Login's
 * permissions revoked with the person's token), then delete the token and the synced data.
 * Revocation failures do not keep the token: deleting it is what the user asked for.
 */
export async function disconnect(
  ctx: InstagramContext,
  row: InstagramConnectionRow,
  options: { keepPublishedHistory: boolean },
): Promise<Record<string, number>> {
  await revokeAtMeta(ctx, row);
  // Posts published through Sightline live in the publishing tables (not synced rows): kept
  // unless the user asked for them to go too.
  const deleted = await deleteInstagramConnectionAndData(ctx.db, row);
  const files = await removeFilesNoDraftUses(ctx, row.workspaceId);
  if (files > 0) deleted.stored_files = files;
  if (!options.keepPublishedHistory) {
    deleted.instagram_posts = await deleteInstagramPostsOfUser(ctx.db, row);
  }
  await announceConnection(ctx, row.workspaceId);
  return deleted;
}

export async function revokeAtMeta(ctx: InstagramContext, row: InstagramConnectionRow) {
  try {
    await accountClientFor(ctx, row).unsubscribeWebhooks();
  } catch (error) {
    ctx.logger.info({ err: error, workspaceId: row.workspaceId }, "webhook unsubscribe failed");
  }
  if (row.login === "facebook" && row.facebookUserToken) {
    try {
      await ctx.graph.facebook.revokePermissions(openToken(ctx, row, row.facebookUserToken));
    } catch (error) {
      ctx.logger.info(
        { err: error, workspaceId: row.workspaceId },
        "Facebook permission revoke failed",
      );
    }
  }
}
