import type { Account } from "../data/types.ts";
import type { Params } from "../http/params.ts";
import type { FaultRegistry } from "../live/faults.ts";
import type { UsageTracker } from "../live/usage.ts";
import type { WebhookDispatcher } from "../live/webhooks.ts";
import type { SandboxLogger } from "../logger.ts";
import type { PageRecord, Store } from "../state/store.ts";
import type { TokenClaims } from "./tokens.ts";

export type ActivityLevel = "off" | "low" | "high";

export type ResolvedOptions = {
  publicOrigin: string;
  appId: string;
  appSecret: string;
  instagramAppSecret: string;
  instagramAppId: string;
  webhookUrl: string | undefined;
  webhookVerifyToken: string | undefined;
  seed: number;
  quotaTotal: number;
  igCodeExchangeShape: "flat" | "wrapped";
  controlToken: string;
  /**
   * The app's "Require App Secret" setting: every Graph call with a token must carry a valid
   * `appsecret_proof`. Off, a proof that is sent is still checked. Switchable at run time.
   */
  requireAppSecretProof: boolean;
  /** §5.4: private replies per account per hour (Meta: 750); settable at run time. */
  privateRepliesPerHour: number;
  /** §5.4: Send API calls per account per second (Meta: 100 for text); settable at run time. */
  sendsPerSecond: number;
};

export type FetchResult =
  | {
      ok: true;
      status: number;
      bytes: Uint8Array;
      contentType: string | undefined;
      tooLarge: boolean;
    }
  /**
   * Refused, unreachable, timed out, redirected or not 2xx: one outcome, so that what the sandbox
   * answers never tells these apart (decision 015).
   */
  | { ok: false };

/** What every handler can reach. `store` is replaced on reset, so always read it from here. */
export type SandboxCore = {
  options: ResolvedOptions;
  /**
   * Whose private copy of the demo world this is (the host's user id, decision 015); undefined
   * for the shared default world (standalone runner, contract tests, control calls naming none).
   */
  space: string | undefined;
  /** The core of another space (same options, clock, faults and webhooks; its own store). */
  inSpace(space: string | undefined): SandboxCore;
  logger: SandboxLogger;
  store: Store;
  activity: ActivityLevel;
  now(): number;
  newId(prefix: string, length?: number): string;
  issueToken(claims: TokenClaims): string;
  fetchUrl(url: string, maxBytes: number): Promise<FetchResult>;
  webhooks: WebhookDispatcher;
  faults: FaultRegistry;
  usage: UsageTracker;
  traceId(): string;
  /** `${publicOrigin}/sandbox${path}` */
  sandboxUrl(path: string): string;
};

export type GraphHostName = "graph.instagram.com" | "graph.facebook.com";

export type AuthInfo = {
  token: string;
  claims: TokenClaims;
  login: "instagram" | "facebook";
  /** IG professional accounts the token can act for. */
  accounts: Account[];
  /** For Facebook user tokens: the person's account record (their Pages); for Page tokens, the Page. */
  fbUserAccount: Account | undefined;
  page: PageRecord | undefined;
};

export type GraphContext = {
  core: SandboxCore;
  login: "instagram" | "facebook";
  hostName: GraphHostName;
  method: "GET" | "POST" | "DELETE";
  version: string | undefined;
  /** Path after host and version, e.g. `/me/media`. */
  path: string;
  segments: string[];
  params: Params;
  rawToken: string | undefined;
  auth: AuthInfo | undefined;
  now: number;
};
