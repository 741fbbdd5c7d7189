import type { GraphContext } from "../core/context.ts";
import type { Account } from "../data/types.ts";
import { graphError, missingParameter } from "../http/graph-fault.ts";
import { stringParam } from "../http/params.ts";
import { requireCapability } from "./auth.ts";

/** §6.3 — fields an account can subscribe to. */
const instagramFields = [
  "comments",
  "live_comments",
  "mentions",
  "messages",
  "message_reactions",
  "messaging_postbacks",
  "messaging_seen",
  "messaging_referral",
  "messaging_optins",
  "messaging_handover",
  "standby",
  "message_edit",
];
const facebookFields = [...instagramFields, "story_insights"];

export function subscribedApps(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireCapability(ctx, ctx.login === "facebook" ? "metadata" : "basic");
  const store = ctx.core.store;
  if (ctx.method === "GET") {
    const fields = store.dyn.subscriptions[account.igUserId];
    return {
      data: fields
        ? [{ id: ctx.core.options.appId, name: "Sightline (sandbox)", subscribed_fields: fields }]
        : [],
    };
  }
  if (ctx.method === "DELETE") {
    delete store.dyn.subscriptions[account.igUserId];
    store.touch();
    return { success: true };
  }
  const raw = stringParam(ctx.params, "subscribed_fields");
  if (raw === undefined || raw.trim() === "") throw missingParameter("subscribed_fields");
  const allowed = ctx.login === "facebook" ? facebookFields : instagramFields;
  const fields = raw
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!allowed.includes(field)) {
      throw graphError(
        100,
        `(#100) Param subscribed_fields must be one of {${allowed.join(", ")}} - got "${field}"`,
      );
    }
  }
  // [IG] @mentions arrive inside `comments` (§4), so subscribing to mentions implies comments.
  const stored = [
    ...new Set(
      fields.includes("mentions") && ctx.login === "instagram" ? [...fields, "comments"] : fields,
    ),
  ];
  store.dyn.subscriptions[account.igUserId] = stored;
  store.dyn.subscriptionLogins = { ...store.dyn.subscriptionLogins, [account.igUserId]: ctx.login };
  store.touch();
  return { success: true };
}
