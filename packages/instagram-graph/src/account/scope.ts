import type { z } from "zod";
import type { GraphHost, GraphRequest, Params, Transport } from "../http.ts";

/**
 * Which connection a call runs as. [IG] tokens work on graph.instagram.com; [FB] uses the Page
 * token (publishing, moderation and messaging are documented with it, §10.1) on graph.facebook.com.
 */
export type AccountContext = {
  login: "instagram" | "facebook";
  accessToken: string;
  /** The IG_ID (`user_id` on [IG], `instagram_business_account.id` on [FB]). */
  igUserId: string;
  /** [FB] the linked Page, needed for conversations, messages and webhook subscriptions. */
  pageId?: string;
};

export type AccountScope = {
  transport: Transport;
  context: AccountContext;
  host: GraphHost;
  uploadTimeoutMs: number;
  get<S extends z.ZodType>(path: string, query: Params, schema: S): Promise<z.output<S>>;
  post<S extends z.ZodType>(
    path: string,
    form: Params,
    schema: S,
    options: { idempotent: boolean },
  ): Promise<z.output<S>>;
  send<S extends z.ZodType>(
    request: Omit<GraphRequest, "host" | "token" | "accountId"> & { host?: GraphHost },
    schema: S,
  ): Promise<z.output<S>>;
  /** Node that owns the inbox and webhook subscription: `me` on [IG], the Page on [FB]. */
  messagingOwner(): string;
};

export function nodePath(id: string, edge?: string): string {
  return `/${encodeURIComponent(id)}${edge ? `/${edge}` : ""}`;
}

export function createAccountScope(
  transport: Transport,
  context: AccountContext,
  uploadTimeoutMs: number,
): AccountScope {
  const host: GraphHost = context.login === "instagram" ? "graphInstagram" : "graphFacebook";
  const send: AccountScope["send"] = (request, schema) =>
    transport.request(
      {
        ...request,
        host: request.host ?? host,
        token: context.accessToken,
        accountId: context.igUserId,
      },
      schema,
    );
  return {
    transport,
    context,
    host,
    uploadTimeoutMs,
    send,
    get: (path, query, schema) => send({ method: "GET", path, query, idempotent: true }, schema),
    post: (path, form, schema, options) =>
      send({ method: "POST", path, form, idempotent: options.idempotent }, schema),
    messagingOwner() {
      if (context.login === "instagram") return "me";
      if (context.pageId === undefined) {
        throw new TypeError("Facebook Login accounts need pageId for messaging and webhooks");
      }
      return context.pageId;
    },
  };
}

export function toUnixSeconds(value: Date | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return value instanceof Date ? Math.floor(value.getTime() / 1000) : Math.floor(value);
}
