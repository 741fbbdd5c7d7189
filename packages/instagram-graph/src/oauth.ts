import type { Transport } from "./http.ts";
import {
  type AccessTokenResponse,
  accessTokenResponseSchema,
  type InstagramAccountIdentity,
  type InstagramCodeExchange,
  instagramAccountIdentitySchema,
  instagramCodeExchangeSchema,
} from "./schemas/oauth.ts";

export type TokenGrant = {
  accessToken: string;
  tokenType: string;
  /** Seconds until expiry, when Meta says. */
  expiresIn: number | undefined;
  permissions: string[] | undefined;
};

export type OAuthConfig = {
  appId: string;
  appSecret: string;
  /** Unset when Instagram Login is not configured (never the Meta app id in its place). */
  instagramAppId: string | undefined;
  instagramAppSecret: string;
  redirectUri: string;
};

export type InstagramAuthorizeInput = {
  scopes: readonly string[];
  state: string;
  redirectUri?: string;
  forceAuthentication?: boolean;
  enableFbLogin?: boolean;
};

export type FacebookAuthorizeInput = {
  state: string;
  scopes?: readonly string[];
  /** Facebook Login for Business configuration, sent instead of scopes. */
  configId?: string;
  redirectUri?: string;
  display?: "page" | "popup";
  extras?: Record<string, unknown>;
};

export type OAuthApi = {
  instagramAuthorizeUrl(input: InstagramAuthorizeInput): string;
  facebookAuthorizeUrl(input: FacebookAuthorizeInput): string;
  /** §1.2 step 2 — short-lived (1 h) IG token. */
  exchangeInstagramCode(
    code: string,
    options?: { redirectUri?: string },
  ): Promise<InstagramCodeExchange>;
  /**
   * §12.2 — the professional account id (and username) a token belongs to, from
   * `/me?fields=user_id`. The only source of the account id: never the code exchange's id.
   */
  getInstagramAccountId(accessToken: string): Promise<InstagramAccountIdentity>;
  /** §1.2 step 3 — 60-day IG token. */
  exchangeInstagramLongLivedToken(shortLivedToken: string): Promise<TokenGrant>;
  /** §1.2 step 4 — only once the token is ≥ 24 h old. */
  refreshInstagramToken(longLivedToken: string): Promise<TokenGrant>;
  /** §1.3 step 2 — short-lived Facebook user token. */
  exchangeFacebookCode(code: string, options?: { redirectUri?: string }): Promise<TokenGrant>;
  /** §1.3 step 3 — ~60-day Facebook user token (no refresh grant; re-login instead). */
  exchangeFacebookLongLivedToken(shortLivedToken: string): Promise<TokenGrant>;
};

function toGrant(response: AccessTokenResponse): TokenGrant {
  return {
    accessToken: response.access_token,
    tokenType: response.token_type ?? "bearer",
    expiresIn: response.expires_in,
    permissions: response.permissions,
  };
}

/** §1.2: the redirect carries `#_` (IG) or `#_=_` (FB) after the code; never part of it. */
export function cleanAuthorizationCode(code: string): string {
  return code.replace(/#.*$/, "");
}

export function createOAuthApi(transport: Transport, config: OAuthConfig): OAuthApi {
  const instagramAppId = (): string => {
    if (config.instagramAppId === undefined) {
      throw new TypeError(
        "Instagram Login needs the Instagram app id (instagramAppId); Meta refuses the Meta app id there",
      );
    }
    return config.instagramAppId;
  };
  return {
    instagramAuthorizeUrl(input) {
      const url = new URL(transport.baseUrls.instagramAuthorize);
      url.searchParams.set("client_id", instagramAppId());
      url.searchParams.set("redirect_uri", input.redirectUri ?? config.redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", input.scopes.join(","));
      url.searchParams.set("state", input.state);
      if (input.forceAuthentication !== undefined) {
        url.searchParams.set("force_authentication", input.forceAuthentication ? "1" : "0");
      }
      if (input.enableFbLogin !== undefined) {
        url.searchParams.set("enable_fb_login", input.enableFbLogin ? "1" : "0");
      }
      return url.toString();
    },

    facebookAuthorizeUrl(input) {
      const url = new URL(
        transport.baseUrls.facebookAuthorize.replace("{version}", transport.version),
      );
      url.searchParams.set("client_id", config.appId);
      url.searchParams.set("redirect_uri", input.redirectUri ?? config.redirectUri);
      url.searchParams.set("state", input.state);
      // The code flow only: a token in the redirect's fragment (implicit flow) is never asked for.
      url.searchParams.set("response_type", "code");
      if (input.configId !== undefined) url.searchParams.set("config_id", input.configId);
      if (input.scopes !== undefined) url.searchParams.set("scope", input.scopes.join(","));
      if (input.display !== undefined) url.searchParams.set("display", input.display);
      if (input.extras !== undefined) url.searchParams.set("extras", JSON.stringify(input.extras));
      return url.toString();
    },

    async exchangeInstagramCode(code, options) {
      return transport.request(
        {
          host: "apiInstagram",
          method: "POST",
          path: "/oauth/access_token",
          versioned: false,
          form: {
            client_id: instagramAppId(),
            client_secret: config.instagramAppSecret,
            grant_type: "authorization_code",
            redirect_uri: options?.redirectUri ?? config.redirectUri,
            code: cleanAuthorizationCode(code),
          },
          // Codes are single-use: a retry after a lost response would burn it and fail anyway.
          idempotent: false,
        },
        instagramCodeExchangeSchema,
      );
    },

    getInstagramAccountId(accessToken) {
      return transport.request(
        {
          host: "graphInstagram",
          method: "GET",
          path: "/me",
          query: { fields: "user_id,username" },
          token: accessToken,
          idempotent: true,
        },
        instagramAccountIdentitySchema,
      );
    },

    async exchangeInstagramLongLivedToken(shortLivedToken) {
      const response = await transport.request(
        {
          host: "graphInstagram",
          method: "GET",
          path: "/access_token",
          versioned: false,
          query: {
            grant_type: "ig_exchange_token",
            client_secret: config.instagramAppSecret,
          },
          token: shortLivedToken,
          tokenTransport: "query",
          idempotent: true,
        },
        accessTokenResponseSchema,
      );
      return toGrant(response);
    },

    async refreshInstagramToken(longLivedToken) {
      const response = await transport.request(
        {
          host: "graphInstagram",
          method: "GET",
          path: "/refresh_access_token",
          versioned: false,
          query: { grant_type: "ig_refresh_token" },
          token: longLivedToken,
          tokenTransport: "query",
          idempotent: true,
        },
        accessTokenResponseSchema,
      );
      return toGrant(response);
    },

    async exchangeFacebookCode(code, options) {
      const response = await transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: "/oauth/access_token",
          query: {
            client_id: config.appId,
            client_secret: config.appSecret,
            redirect_uri: options?.redirectUri ?? config.redirectUri,
            code: cleanAuthorizationCode(code),
          },
          idempotent: false,
        },
        accessTokenResponseSchema,
      );
      return toGrant(response);
    },

    async exchangeFacebookLongLivedToken(shortLivedToken) {
      const response = await transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: "/oauth/access_token",
          query: {
            grant_type: "fb_exchange_token",
            client_id: config.appId,
            client_secret: config.appSecret,
            fb_exchange_token: shortLivedToken,
          },
          idempotent: true,
        },
        accessTokenResponseSchema,
      );
      return toGrant(response);
    },
  };
}
