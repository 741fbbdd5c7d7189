import type { Context } from "hono";
import type { GraphContext, GraphHostName, SandboxCore } from "../core/context.ts";
import { readToken, spaceOfCredential } from "../core/tokens.ts";
import { statsAt } from "../data/stats.ts";
import type { Account } from "../data/types.ts";
import { GraphFault, graphError, unknownField, unsupportedRequest } from "../http/graph-fault.ts";
import { collectParams, stringParam } from "../http/params.ts";
import { applyFault, droppedConnection } from "../live/fault-response.ts";
import {
  auth,
  authenticate,
  checkAppSecretProof,
  type NodeRef,
  requireCapability,
  resolveNode,
} from "./auth.ts";
import {
  createComment,
  deleteComment,
  deleteMedia,
  hideComment,
  listComments,
  listReplies,
  replyToComment,
  updateMedia,
} from "./comments.ts";
import {
  hashtagEdge,
  hashtagSearch,
  recentlySearchedHashtags,
  renderBusinessDiscovery,
} from "./discovery.ts";
import { accountInsights, mediaInsights } from "./insights.ts";
import { listTags, replyToMention } from "./mentions.ts";
import {
  getConversation,
  getMessage,
  getPerson,
  listConversationMessages,
  listConversations,
  sendMessage,
} from "./messaging.ts";
import {
  childNode,
  commentNode,
  containerNode,
  facebookIgUserNode,
  fbUserNode,
  hashtagNode,
  instagramUserNode,
  mediaNode,
  pageNode,
} from "./nodes.ts";
import {
  exchangeInstagramToken,
  facebookAccessToken,
  refreshInstagramToken,
} from "./oauth-tokens.ts";
import { createContainer, publishContainer, publishingLimit } from "./publishing.ts";
import { renderNode, requestedFields, respondWithPage } from "./render.ts";
import { subscribedApps } from "./subscriptions.ts";

const versionPattern = /^v\d+\.\d+$/;

/** Splits `/v23.0/me/media` into version and `/me/media`; versions are optional (§0). */
export function splitVersion(rest: string): { version: string | undefined; path: string } {
  const segments = rest.split("/").filter(Boolean);
  const version =
    segments[0] !== undefined && versionPattern.test(segments[0]) ? segments.shift() : undefined;
  return { version, path: `/${segments.join("/")}` };
}

function tokenFrom(c: Context, params: Record<string, unknown>): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^(?:Bearer|OAuth)\s+(.+)$/i);
  if (match) return match[1]!.trim();
  const param = params.access_token;
  return typeof param === "string" ? param : undefined;
}

/** Entry point for `/graph.instagram.com/*` and `/graph.facebook.com/*`. */
export async function handleGraph(
  core: SandboxCore,
  c: Context,
  hostName: GraphHostName,
): Promise<Response> {
  const fullPath = new URL(c.req.url).pathname;
  const marker = `/${hostName}`;
  const rest = fullPath.slice(fullPath.indexOf(marker) + marker.length);
  const { version, path } = splitVersion(rest);
  const method = c.req.method.toUpperCase();
  const traceHeaders = { "x-fb-trace-id": core.traceId(), "x-fb-rev": "1000000" };
  const fault = await applyFault(core, {
    host: hostName,
    path,
    method,
    signal: c.req.raw.signal,
    shape: "graph",
    metrics: (new URL(c.req.url).searchParams.get("metric") ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  });
  if (fault instanceof Response) return fault;
  const answer = await answerGraph(core, c, hostName, { version, path, method, traceHeaders });
  // The work is done (and persisted); only the answer is lost on the way back.
  return fault?.dropResponse ? droppedConnection() : answer;
}

async function answerGraph(
  base: SandboxCore,
  c: Context,
  hostName: GraphHostName,
  request: {
    version: string | undefined;
    path: string;
    method: string;
    traceHeaders: Record<string, string>;
  },
): Promise<Response> {
  const { version, path, method, traceHeaders } = request;
  let core = base;
  let ctx: GraphContext | undefined;
  let accountForUsage: string | undefined;
  let platformLimited = false;
  try {
    if (method !== "GET" && method !== "POST" && method !== "DELETE")
      throw graphError(100, `(#100) Unsupported method ${method}`);
    const params = await collectParams(c.req);
    const rawToken = tokenFrom(c, params);
    // The credential names the space (decision 015): a token, or for the token endpoints the
    // code or the token being exchanged. Everything below reads and writes that copy only.
    core = base.inSpace(
      spaceOfCredential(
        base.options.appSecret,
        rawToken ?? stringParam(params, "code") ?? stringParam(params, "fb_exchange_token"),
      ),
    );
    ctx = {
      core,
      login: hostName === "graph.instagram.com" ? "instagram" : "facebook",
      hostName,
      method,
      version,
      path,
      segments: path.split("/").filter(Boolean),
      params,
      rawToken,
      auth: undefined,
      now: core.now(),
    };
    const result = await route(ctx);
    accountForUsage = ctx.auth?.accounts[0]?.igUserId;
    platformLimited =
      ctx.segments[0] === "ig_hashtag_search" ||
      stringParam(ctx.params, "fields")?.includes("business_discovery") === true ||
      ctx.auth?.fbUserAccount !== undefined;
    core.usage.record(ctx.now, accountForUsage, platformLimited);
    return c.json(result, 200, {
      ...traceHeaders,
      ...usageHeaders(core, ctx, accountForUsage, platformLimited),
    });
  } catch (error) {
    if (error instanceof GraphFault) {
      return c.json({ error: { ...error.body, fbtrace_id: core.traceId() } }, error.status as 400, {
        ...traceHeaders,
        ...(ctx ? usageHeaders(core, ctx, ctx.auth?.accounts[0]?.igUserId, platformLimited) : {}),
        ...error.headers,
      });
    }
    core.logger.error(
      { path, method, error: error instanceof Error ? error.stack : String(error) },
      "sandbox graph handler failed",
    );
    return c.json(
      {
        error: {
          message: "An unexpected error has occurred. Please retry your request later.",
          type: "OAuthException",
          code: 2,
          is_transient: true,
          fbtrace_id: core.traceId(),
        },
      },
      500,
    );
  }
}

function usageHeaders(
  core: SandboxCore,
  ctx: GraphContext,
  accountId: string | undefined,
  platformLimited: boolean,
): Record<string, string> {
  let dailyViews = 0;
  if (accountId !== undefined) {
    for (const media of core.store.listMedia(accountId, ctx.now).slice(0, 10))
      dailyViews += statsAt(media, ctx.now).views / 7;
  }
  return core.usage.headers(ctx.now, accountId, platformLimited, dailyViews);
}

async function route(ctx: GraphContext): Promise<unknown> {
  const [first, edge, ...extra] = ctx.segments;
  // Token endpoints authenticate through their own parameters.
  if (ctx.login === "instagram" && first === "access_token" && edge === undefined)
    return exchangeInstagramToken(ctx);
  if (ctx.login === "instagram" && first === "refresh_access_token" && edge === undefined)
    return refreshInstagramToken(ctx);
  if (ctx.login === "facebook" && first === "oauth" && edge === "access_token")
    return facebookAccessToken(ctx);
  ctx.auth = authenticate(ctx);
  checkAppSecretProof(ctx, ctx.auth);
  if (first === undefined) throw graphError(100, "(#100) Unsupported request: missing node id");
  if (extra.length > 0) throw graphError(2500, `Unknown path components: /${extra.join("/")}`);
  if (first === "ig_hashtag_search") {
    if (ctx.login !== "facebook")
      throw graphError(2500, "Unknown path components: /ig_hashtag_search");
    if (ctx.method !== "GET") throw unsupportedRequest(ctx.method, first);
    return hashtagSearch(ctx);
  }
  if (first === "debug_token") return debugToken(ctx);
  const node = resolveNode(ctx, first);
  return routeNode(ctx, node, edge);
}

function notFoundEdge(ctx: GraphContext, nodeType: string, edge: string): never {
  if (ctx.method === "GET") throw unknownField(edge, nodeType);
  throw unsupportedRequest(ctx.method, `${ctx.segments[0]}/${edge}`);
}

async function routeNode(
  ctx: GraphContext,
  node: NodeRef,
  edge: string | undefined,
): Promise<unknown> {
  const { method } = ctx;
  switch (node.kind) {
    case "account":
      return routeAccount(ctx, node.account, edge);
    case "fbUser":
      return routeFacebookUser(ctx, node.account, edge);
    case "page": {
      const account = node.page.account;
      if (edge === undefined) {
        if (method !== "GET") throw unsupportedRequest(method, node.page.id);
        return renderNode(pageNode, node.page, requestedFields(ctx), ctx);
      }
      if (!account)
        return edge === "conversations" ? { data: [] } : notFoundEdge(ctx, "Page", edge);
      if (edge === "conversations" && method === "GET") return listConversations(ctx, account);
      if (edge === "messages" && method === "POST") return sendMessage(ctx, account);
      if (edge === "subscribed_apps") return subscribedApps(ctx, account);
      return notFoundEdge(ctx, "Page", edge);
    }
    case "media": {
      const media = node.media;
      if (edge === undefined) {
        if (method === "GET") {
          requireCapability(ctx, "basic");
          return renderNode(mediaNode, media, requestedFields(ctx), ctx);
        }
        if (method === "POST") return updateMedia(ctx, media);
        return deleteMedia(ctx, media);
      }
      if (edge === "comments" && method === "GET") return listComments(ctx, media);
      if (edge === "comments" && method === "POST") return createComment(ctx, media);
      if (edge === "insights" && method === "GET") return mediaInsights(ctx, media);
      if (edge === "children" && method === "GET") {
        requireCapability(ctx, "basic");
        const fields = requestedFields(ctx);
        const key = ctx.core.store.accountById.get(media.accountId)?.key ?? "lifestyle";
        const items = (media.children ?? []).map((child) => ({
          parent: media,
          child,
          accountKey: key,
        }));
        return { data: items.map((item) => renderNode(childNode, item, fields, ctx)) };
      }
      return notFoundEdge(ctx, "IGMedia", edge);
    }
    case "child": {
      if (edge === "insights") return mediaInsights(ctx, undefined);
      if (edge !== undefined || method !== "GET") throw unsupportedRequest(method, node.child.id);
      const key = ctx.core.store.accountById.get(node.parent.accountId)?.key ?? "lifestyle";
      return renderNode(
        childNode,
        { parent: node.parent, child: node.child, accountKey: key },
        requestedFields(ctx),
        ctx,
      );
    }
    case "comment": {
      const comment = node.comment;
      if (edge === undefined) {
        if (method === "GET") {
          requireCapability(ctx, "comments");
          return renderNode(commentNode, comment, requestedFields(ctx), ctx);
        }
        if (method === "POST") return hideComment(ctx, comment);
        return deleteComment(ctx, comment);
      }
      if (edge === "replies" && method === "GET") return listReplies(ctx, comment);
      if (edge === "replies" && method === "POST") return replyToComment(ctx, comment);
      return notFoundEdge(ctx, "IGComment", edge);
    }
    case "container":
      if (edge !== undefined || method !== "GET")
        throw unsupportedRequest(method, node.container.id);
      requireCapability(ctx, "basic");
      return renderNode(containerNode, node.container, requestedFields(ctx), ctx);
    case "conversation":
      if (edge === undefined && method === "GET") return getConversation(ctx, node.conversation);
      if (edge === "messages" && method === "GET")
        return listConversationMessages(ctx, node.conversation);
      throw unsupportedRequest(method, node.conversation.id);
    case "message":
      if (edge !== undefined || method !== "GET") throw unsupportedRequest(method, node.message.id);
      return getMessage(ctx, node.message);
    case "hashtag":
      if (method !== "GET") throw unsupportedRequest(method, node.id);
      if (edge === undefined) {
        requireCapability(ctx, "hashtags");
        return renderNode(hashtagNode, { id: node.id, name: node.name }, requestedFields(ctx), ctx);
      }
      if (edge === "top_media") return hashtagEdge(ctx, node, "top");
      if (edge === "recent_media") return hashtagEdge(ctx, node, "recent");
      return notFoundEdge(ctx, "IGHashtag", edge);
    case "person":
      if (edge !== undefined || method !== "GET")
        throw unsupportedRequest(method, node.person.igsid);
      return getPerson(ctx, node.person);
  }
}

function routeAccount(ctx: GraphContext, account: Account, edge: string | undefined): unknown {
  const { method } = ctx;
  const userNode = ctx.login === "instagram" ? instagramUserNode : facebookIgUserNode;
  if (edge === undefined) {
    if (method !== "GET") throw unsupportedRequest(method, account.igUserId);
    requireCapability(ctx, "basic");
    const fields = requestedFields(ctx);
    const discovery = fields?.find((field) => field.name === "business_discovery");
    const others = fields?.filter((field) => field.name !== "business_discovery");
    const rendered = renderNode(
      userNode,
      account,
      discovery && others?.length === 0 ? [{ name: "id", modifiers: {} }] : others,
      ctx,
    );
    if (discovery) rendered.business_discovery = renderBusinessDiscovery(ctx, discovery);
    return rendered;
  }
  switch (`${method} ${edge}`) {
    case "GET media": {
      requireCapability(ctx, "basic");
      const fields = requestedFields(ctx);
      const since = stringParam(ctx.params, "since");
      const until = stringParam(ctx.params, "until");
      let items = ctx.core.store.listMedia(account.igUserId, ctx.now);
      if (since !== undefined)
        items = items.filter((media) => media.timestamp >= Number(since) * 1000);
      if (until !== undefined)
        items = items.filter((media) => media.timestamp <= Number(until) * 1000);
      return respondWithPage(ctx, items, {
        idOf: (m) => m.id,
        keyOf: (m) => m.timestamp,
        render: (m) => renderNode(mediaNode, m, fields, ctx),
        descending: true,
        defaultLimit: 25,
        maxLimit: 100,
      });
    }
    case "GET stories": {
      requireCapability(ctx, "basic");
      const fields = requestedFields(ctx);
      const live = ctx.core.store
        .listMedia(account.igUserId, ctx.now, { stories: true })
        .filter((media) => ctx.now - media.timestamp < 24 * 3600_000);
      return { data: live.map((media) => renderNode(mediaNode, media, fields, ctx)) };
    }
    case "GET tags":
      return listTags(ctx, account);
    case "POST mentions":
      return replyToMention(ctx, account);
    case "GET live_media":
      requireCapability(ctx, "basic");
      return { data: [] };
    case "POST media":
      return createContainer(ctx, account);
    case "POST media_publish":
      return publishContainer(ctx, account);
    case "GET content_publishing_limit":
      return publishingLimit(ctx, account);
    case "GET insights":
      return accountInsights(ctx, account);
    case "GET recently_searched_hashtags":
      if (ctx.login !== "facebook") return notFoundEdge(ctx, "User", edge);
      return recentlySearchedHashtags(ctx, account);
    case "GET conversations":
      if (ctx.login !== "instagram") return notFoundEdge(ctx, "IGUser", edge);
      return listConversations(ctx, account);
    case "POST messages":
      if (ctx.login !== "instagram") return notFoundEdge(ctx, "IGUser", edge);
      return sendMessage(ctx, account);
    case "GET subscribed_apps":
    case "POST subscribed_apps":
    case "DELETE subscribed_apps":
      // [FB] subscriptions live on the Page (§6.3).
      if (ctx.login !== "instagram") return notFoundEdge(ctx, "IGUser", edge);
      return subscribedApps(ctx, account);
    default:
      return notFoundEdge(ctx, ctx.login === "instagram" ? "User" : "IGUser", edge);
  }
}

function routeFacebookUser(ctx: GraphContext, account: Account, edge: string | undefined): unknown {
  const info = auth(ctx);
  if (ctx.method === "DELETE" && edge === "permissions") {
    // The person removes the app: every token issued for the account stops working (190).
    const now = ctx.core.now();
    for (const subject of [account.igUserId, account.fbUserId, account.pageId]) {
      ctx.core.store.dyn.revokedBefore[subject] = now;
    }
    ctx.core.store.touch();
    return { success: true };
  }
  if (ctx.method !== "GET") throw unsupportedRequest(ctx.method, account.fbUserId);
  if (edge === undefined) return renderNode(fbUserNode, account, requestedFields(ctx), ctx);
  if (edge === "permissions") {
    return { data: info.claims.scopes.map((permission) => ({ permission, status: "granted" })) };
  }
  if (edge === "accounts") {
    if (!info.claims.scopes.includes("pages_show_list")) return { data: [] };
    const pages = [...ctx.core.store.pages.values()].filter(
      (page) => page.fbUserId === account.fbUserId,
    );
    const fields =
      requestedFields(ctx) ??
      ["access_token", "category", "name", "id", "tasks"].map((name) => ({ name, modifiers: {} }));
    return respondWithPage(ctx, pages, {
      idOf: (p) => p.id,
      keyOf: () => 0,
      render: (page) => renderNode(pageNode, page, fields, ctx),
      descending: false,
      defaultLimit: 25,
      maxLimit: 100,
    });
  }
  if (edge === "businesses") return { data: [] };
  return notFoundEdge(ctx, "User", edge);
}

/** `GET /debug_token?input_token=…` — handy for checking what a sandbox token carries. */
function debugToken(ctx: GraphContext): Record<string, unknown> {
  const input = stringParam(ctx.params, "input_token");
  const claims =
    input === undefined ? auth(ctx).claims : readToken(ctx.core.options.appSecret, input);
  // Another space's token is nothing this caller may look into.
  if (!claims || claims.space !== ctx.core.space)
    return { data: { app_id: ctx.core.options.appId, is_valid: false } };
  return {
    data: {
      app_id: ctx.core.options.appId,
      type: claims.kind === "fb_page" ? "PAGE" : "USER",
      is_valid: claims.expiresAt === undefined || claims.expiresAt > ctx.now,
      issued_at: Math.floor(claims.issuedAt / 1000),
      expires_at: claims.expiresAt === undefined ? 0 : Math.floor(claims.expiresAt / 1000),
      scopes: claims.scopes,
      user_id: claims.subject,
    },
  };
}
