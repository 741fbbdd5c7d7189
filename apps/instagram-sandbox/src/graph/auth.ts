import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthInfo, GraphContext } from "../core/context.ts";
import { type Capability, requiredScopes } from "../core/scopes.ts";
import { readToken } from "../core/tokens.ts";
import type {
  Account,
  CommentRecord,
  ConversationRecord,
  MediaChild,
  MediaRecord,
  MessageRecord,
  Person,
} from "../data/types.ts";
import { graphError, missingPermission, unsupportedRequest } from "../http/graph-fault.ts";
import type { ContainerRecord } from "../state/dynamic-state.ts";
import type { PageRecord } from "../state/store.ts";
import { hashtagNameById } from "./hashtags.ts";

/**
 * §8.2 — Meta's clock in its expiry messages: Pacific time, as "Monday, 19-Jun-23 06:29:46 PDT"
 * (PST in winter), e.g. "Session has expired on Sunday, 25-Dec-16 04:45:57 PST" in captured
 * replies.
 */
export function formatExpiry(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      weekday: "long",
      day: "2-digit",
      month: "short",
      year: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** §8.2 — 190 with subcodes for expired (463) and invalidated (460) sessions. */
export function authenticate(ctx: GraphContext): AuthInfo {
  const { core } = ctx;
  if (ctx.rawToken === undefined || ctx.rawToken === "") {
    throw graphError(104, "An access token is required to request this resource.");
  }
  const claims = readToken(core.options.appSecret, ctx.rawToken);
  const login = claims?.kind.startsWith("ig") ? "instagram" : "facebook";
  if (!claims || login !== ctx.login || claims.space !== core.space) {
    throw graphError(190, "Invalid OAuth access token - Cannot parse access token");
  }
  if (claims.expiresAt !== undefined && claims.expiresAt <= ctx.now) {
    throw graphError(
      190,
      `Error validating access token: Session has expired on ${formatExpiry(claims.expiresAt)}. The current time is ${formatExpiry(ctx.now)}.`,
      { subcode: 463 },
    );
  }
  const store = core.store;
  const revokedAt = core.store.dyn.revokedBefore[claims.subject];
  if (revokedAt !== undefined && claims.issuedAt < revokedAt) {
    throw graphError(
      190,
      "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
      { subcode: 460 },
    );
  }
  let accounts: Account[] = [];
  let fbUserAccount: Account | undefined;
  let page: PageRecord | undefined;
  if (claims.kind === "ig_short" || claims.kind === "ig_long") {
    const account = store.accountById.get(claims.subject);
    if (account) accounts = [account];
  } else if (claims.kind === "fb_page") {
    page = store.pages.get(claims.subject);
    if (page?.account) accounts = [page.account];
  } else {
    fbUserAccount = store.accountByFbUser.get(claims.subject);
    if (fbUserAccount) accounts = [fbUserAccount];
  }
  if (accounts.length === 0 && !page && !fbUserAccount) {
    throw graphError(190, "Invalid OAuth access token - Cannot parse access token");
  }
  return { token: ctx.rawToken, claims, login, accounts, fbUserAccount, page };
}

/**
 * Meta's `appsecret_proof` (Graph API "Securing Requests"): HMAC-SHA256 of the access token,
 * keyed with the secret of the app the token belongs to (the Instagram app's for Instagram
 * Login tokens, the Meta app's for Facebook Login ones), hex. A proof that is sent must match;
 * none at all is refused only when the app requires it.
 */
export function checkAppSecretProof(ctx: GraphContext, info: AuthInfo): void {
  const sent = ctx.params.appsecret_proof;
  if (sent === undefined || sent === "") {
    if (!ctx.core.options.requireAppSecretProof) return;
    throw graphError(100, "API calls from the server require an appsecret_proof argument", {
      type: "GraphMethodException",
    });
  }
  const secret =
    info.login === "instagram" ? ctx.core.options.instagramAppSecret : ctx.core.options.appSecret;
  const expected = createHmac("sha256", secret).update(info.token).digest();
  const given =
    typeof sent === "string" && /^[0-9a-f]{64}$/i.test(sent) ? Buffer.from(sent, "hex") : undefined;
  if (!given || !timingSafeEqual(given, expected)) {
    throw graphError(100, "Invalid appsecret_proof provided in the API argument", {
      type: "GraphMethodException",
    });
  }
}

export function auth(ctx: GraphContext): AuthInfo {
  if (!ctx.auth) throw new Error("authenticate() must run first");
  return ctx.auth;
}

const capabilityCodes: Record<Capability, 10 | 200> = {
  basic: 10,
  insights: 10,
  publish: 10,
  hashtags: 10,
  comments: 200,
  messages: 200,
  metadata: 200,
};

/** §1.1 — the grant behind each capability; missing → 10 or 200 (§8.2). */
export function requireCapability(ctx: GraphContext, capability: Capability): void {
  const info = auth(ctx);
  const scopes = requiredScopes(capability, info.login);
  // §1.1: hashtag search is not offered to Instagram Login apps at all.
  if (scopes === null)
    throw missingPermission(`${capability} (not available with Instagram Login)`, 10);
  const missing = scopes.find((scope) => !info.claims.scopes.includes(scope));
  if (missing !== undefined) throw missingPermission(missing, capabilityCodes[capability]);
}

export type NodeRef =
  | { kind: "account"; account: Account }
  | { kind: "fbUser"; account: Account }
  | { kind: "page"; page: PageRecord }
  | { kind: "media"; media: MediaRecord }
  | { kind: "child"; parent: MediaRecord; child: MediaChild }
  | { kind: "comment"; comment: CommentRecord }
  | { kind: "container"; container: ContainerRecord }
  | { kind: "conversation"; conversation: ConversationRecord }
  | { kind: "message"; message: MessageRecord }
  | { kind: "hashtag"; id: string; name: string }
  | { kind: "person"; person: Person };

function owns(info: AuthInfo, accountId: string): boolean {
  return info.accounts.some((account) => account.igUserId === accountId);
}

/** Resolves `/{id}` (or `me`) and checks the token may see it; otherwise 100/33 like Meta. */
export function resolveNode(ctx: GraphContext, id: string): NodeRef {
  const info = auth(ctx);
  const store = ctx.core.store;
  const isFacebook = ctx.login === "facebook";
  if (id === "me") {
    if (info.claims.kind === "fb_page" && info.page) return { kind: "page", page: info.page };
    if (info.fbUserAccount) return { kind: "fbUser", account: info.fbUserAccount };
    const account = info.accounts[0];
    if (account) return { kind: "account", account };
    throw unsupportedRequest(ctx.method, id);
  }
  const account = store.accountById.get(id);
  if (account && owns(info, account.igUserId)) return { kind: "account", account };
  if (isFacebook) {
    const page = store.pages.get(id);
    if (page && (info.fbUserAccount?.fbUserId === page.fbUserId || info.page?.id === page.id)) {
      return { kind: "page", page };
    }
    const user = store.accountByFbUser.get(id);
    if (user && info.fbUserAccount?.fbUserId === id) return { kind: "fbUser", account: user };
  }
  const media = store.media.get(id);
  if (media && owns(info, media.accountId) && media.timestamp <= ctx.now)
    return { kind: "media", media };
  const child = store.children.get(id);
  if (child && owns(info, child.parent.accountId))
    return { kind: "child", parent: child.parent, child: child.child };
  const comment = store.comments.get(id);
  if (comment && owns(info, comment.accountId) && comment.timestamp <= ctx.now)
    return { kind: "comment", comment };
  const container = store.container(id);
  if (container && owns(info, container.accountId)) return { kind: "container", container };
  const conversation = store.conversations.get(id);
  if (conversation && owns(info, conversation.accountId))
    return { kind: "conversation", conversation };
  const message = store.messages.get(id);
  if (message && owns(info, message.accountId) && message.timestamp <= ctx.now) {
    // §5.1: only the 20 newest messages of a conversation can be read; older ones look deleted.
    const thread = store.listMessages(message.conversationId, ctx.now);
    if (thread.indexOf(message) >= thread.length - 20) return { kind: "message", message };
  }
  if (isFacebook) {
    const name = hashtagNameById(store, id);
    if (name !== undefined) return { kind: "hashtag", id, name };
  }
  const person = store.people.get(id);
  if (person && owns(info, person.accountId)) return { kind: "person", person };
  throw unsupportedRequest(ctx.method, id);
}
