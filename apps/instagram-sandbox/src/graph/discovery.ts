import type { GraphContext } from "../core/context.ts";
import { DAY_MS } from "../core/time.ts";
import type { Account } from "../data/types.ts";
import type { FieldNode } from "../http/fields.ts";
import {
  graphError,
  invalidParameter,
  missingParameter,
  unknownField,
} from "../http/graph-fault.ts";
import { stringParam } from "../http/params.ts";
import { auth, requireCapability } from "./auth.ts";
import { hashtagMedia, registerHashtag } from "./hashtags.ts";
import {
  discoveryTargetFromAccount,
  discoveryTargetFromPublic,
  discoveryUserNode,
  hashtagMediaNode,
  hashtagNode,
} from "./nodes.ts";
import { pagingQuery, renderNode, requestedFields, respondWithPage } from "./render.ts";

/** §7.1 — `business_discovery.username(x){…}` inside `GET /{ig-user-id}?fields=…`. */
export function renderBusinessDiscovery(
  ctx: GraphContext,
  field: FieldNode,
): Record<string, unknown> {
  if (ctx.login !== "facebook") throw unknownField("business_discovery", "User");
  requireCapability(ctx, "basic");
  const username = field.modifiers.username;
  if (username === undefined || username === "")
    throw missingParameter("business_discovery.username");
  const store = ctx.core.store;
  const own = store.accountByUsername.get(username.toLowerCase());
  const other = store.publicByUsername.get(username.toLowerCase());
  const target = own
    ? discoveryTargetFromAccount(ctx, own)
    : other
      ? discoveryTargetFromPublic(ctx, other)
      : undefined;
  if (!target) {
    // §7.1: personal and non-existent accounts are indistinguishable.
    throw graphError(110, "Invalid user id", {
      subcode: 2207013,
      userTitle: "Cannot find User",
      userMessage: `The user with username: ${username} cannot be found.`,
    });
  }
  return renderNode(discoveryUserNode, target, field.children, ctx);
}

const hashtagNamePattern = /^[\p{L}\p{N}_]{1,100}$/u;
const sensitive = new Set(["nsfw", "porn", "drugs", "gore"]);
const WEEK_MS = 7 * DAY_MS;

function requireUserId(ctx: GraphContext): Account {
  const userId = stringParam(ctx.params, "user_id");
  if (userId === undefined || userId === "") throw missingParameter("user_id");
  const account = auth(ctx).accounts.find((entry) => entry.igUserId === userId);
  if (!account) throw invalidParameter(`Param user_id must be the IG user the token belongs to`);
  return account;
}

/** `GET /ig_hashtag_search?user_id=…&q=…` — 30 unique hashtags per rolling 7 days (§7.2). */
export function hashtagSearch(ctx: GraphContext): Record<string, unknown> {
  requireCapability(ctx, "hashtags");
  const account = requireUserId(ctx);
  const q = stringParam(ctx.params, "q")?.trim();
  if (q === undefined || q === "") throw missingParameter("q");
  if (!hashtagNamePattern.test(q))
    throw invalidParameter("Param q must be a hashtag name without # or emoji");
  const name = q.toLowerCase();
  if (sensitive.has(name)) throw graphError(100, "(#100) Invalid parameter");
  const store = ctx.core.store;
  const id = registerHashtag(store, name);
  const recent = store.dyn.hashtagSearches.filter(
    (search) => search.accountId === account.igUserId && search.at > ctx.now - WEEK_MS,
  );
  if (!recent.some((search) => search.hashtagId === id)) {
    if (new Set(recent.map((search) => search.hashtagId)).size >= 30) {
      throw graphError(
        18,
        "(#18) This request exceeds the limit of 30 unique hashtags per 7 days",
        {
          userTitle: "Hashtag limit reached",
          userMessage: "You can query up to 30 unique hashtags within a 7 day period.",
        },
      );
    }
    // Repeating a hashtag neither counts again nor resets its timer, so only first uses are stored.
    store.dyn.hashtagSearches.push({
      accountId: account.igUserId,
      hashtagId: id,
      name,
      at: ctx.now,
    });
    store.touch();
  }
  return { data: [{ id }] };
}

export function hashtagEdge(
  ctx: GraphContext,
  tag: { id: string; name: string },
  kind: "top" | "recent",
): Record<string, unknown> {
  requireCapability(ctx, "hashtags");
  requireUserId(ctx);
  const fields = requestedFields(ctx);
  const node = hashtagMediaNode(tag.name);
  const items = hashtagMedia(ctx.core.store.dyn.seed, tag.name, kind, ctx.now);
  return respondWithPage(ctx, items, {
    // Hashtag media only page forward (§7.2): `before` is ignored and no `previous` link is given.
    paging: { ...pagingQuery(ctx), before: undefined },
    idOf: (item) => item.id,
    keyOf: (item) => (kind === "top" ? item.likeCount : item.timestamp),
    render: (item) => renderNode(node, item, fields, ctx),
    forwardOnly: true,
    descending: true,
    defaultLimit: 25,
    maxLimit: 50,
  });
}

export function recentlySearchedHashtags(
  ctx: GraphContext,
  account: Account,
): Record<string, unknown> {
  requireCapability(ctx, "hashtags");
  const fields = requestedFields(ctx);
  const seen = new Map<string, string>();
  for (const search of ctx.core.store.dyn.hashtagSearches) {
    if (search.accountId === account.igUserId && search.at > ctx.now - WEEK_MS)
      seen.set(search.hashtagId, search.name);
  }
  return {
    data: [...seen].map(([id, name]) => renderNode(hashtagNode, { id, name }, fields, ctx)),
  };
}
