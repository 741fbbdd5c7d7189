import { type AccountClient, type AccountContext, createAccountClient } from "./account/index.ts";
import type { GraphBaseUrls } from "./base-urls.ts";
import { createFacebookApi, type FacebookApi } from "./facebook.ts";
import {
  createTransport,
  type FetchLike,
  type GraphCallInfo,
  type RetryOptions,
  type UsageInfo,
} from "./http.ts";
import { createOAuthApi, type OAuthApi } from "./oauth.ts";
import type { GraphUsage } from "./usage.ts";

export type GraphClientOptions = {
  /** `metaBaseUrls` in production, `sandboxBaseUrls(origin)` in the embedded default. */
  baseUrls: GraphBaseUrls;
  /** Meta app id ([FB] client_id). */
  appId: string;
  /** The Meta app secret: Facebook Login exchanges. */
  appSecret: string;
  /**
   * [IG] The Instagram app id, shown under "Instagram > API setup with Instagram login": a
   * different value from the Meta app id, which Meta refuses there ("Invalid platform app"), so
   * there is no fallback. Without it, Instagram Login calls throw.
   */
  instagramAppId?: string;
  /**
   * [IG] The Instagram app secret (Instagram Login exchanges): a different value from the Meta
   * app secret (§12.1), so there is deliberately no default.
   */
  instagramAppSecret: string;
  redirectUri: string;
  /** e.g. "v23.0". */
  version: string;
  fetch?: FetchLike;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Per rupload chunk; default 120 s. */
  uploadTimeoutMs?: number;
  retry?: RetryOptions;
  /** Injectable so tests do not wait for back-off. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called with parsed X-App-Usage / X-Business-Use-Case-Usage whenever Meta sends them. */
  onUsage?: (usage: GraphUsage, info: UsageInfo) => void;
  /** Called after every HTTP attempt (the server counts calls and errors with it). */
  onCall?: (call: GraphCallInfo) => void;
  tokenTransport?: "header" | "query";
};

export type GraphClient = {
  oauth: OAuthApi;
  facebook: FacebookApi;
  /** Calls on behalf of one connected account. */
  account(context: AccountContext): AccountClient;
  readonly version: string;
  readonly baseUrls: GraphBaseUrls;
};

export function createGraphClient(options: GraphClientOptions): GraphClient {
  if (!/^v\d+\.\d+$/.test(options.version)) {
    throw new TypeError(`Graph API version must look like "v23.0", got "${options.version}"`);
  }
  const transport = createTransport({
    baseUrls: options.baseUrls,
    version: options.version,
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.sleep !== undefined ? { sleep: options.sleep } : {}),
    ...(options.random !== undefined ? { random: options.random } : {}),
    ...(options.onUsage !== undefined ? { onUsage: options.onUsage } : {}),
    ...(options.onCall !== undefined ? { onCall: options.onCall } : {}),
    ...(options.tokenTransport !== undefined ? { tokenTransport: options.tokenTransport } : {}),
    // Facebook Login tokens belong to the Meta app, Instagram Login tokens to the Instagram app.
    appSecrets: {
      graphFacebook: options.appSecret,
      graphInstagram: options.instagramAppSecret,
    },
  });
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 120_000;
  return {
    oauth: createOAuthApi(transport, {
      appId: options.appId,
      appSecret: options.appSecret,
      instagramAppId: options.instagramAppId,
      instagramAppSecret: options.instagramAppSecret,
      redirectUri: options.redirectUri,
    }),
    facebook: createFacebookApi(transport),
    account: (context) => createAccountClient(transport, context, uploadTimeoutMs),
    version: options.version,
    baseUrls: options.baseUrls,
  };
}
