import { SANDBOX_CDN_PATH } from "@sightline/contracts";

/**
 * Every host the client talks to. Meta's API lives on several hosts (§0, §1, §2.3); the sandbox
 * serves each of them under a path prefix named after the host, so only these strings change
 * between production and the embedded default.
 */
export type GraphBaseUrls = {
  /** [IG] Graph host, `https://graph.instagram.com`. */
  graphInstagram: string;
  /** [FB] Graph host, `https://graph.facebook.com`. */
  graphFacebook: string;
  /** [IG] code exchange host, `https://api.instagram.com` (POST /oauth/access_token). */
  apiInstagram: string;
  /** [IG] consent dialog, full URL without query. */
  instagramAuthorize: string;
  /** [FB] consent dialog, full URL; `{version}` is replaced with the configured version. */
  facebookAuthorize: string;
  /** Resumable video upload host, `https://rupload.facebook.com`. */
  rupload: string;
};

export const metaBaseUrls: GraphBaseUrls = Object.freeze({
  graphInstagram: "https://graph.instagram.com",
  graphFacebook: "https://graph.facebook.com",
  apiInstagram: "https://api.instagram.com",
  instagramAuthorize: "https://www.instagram.com/oauth/authorize",
  facebookAuthorize: "https://www.facebook.com/{version}/dialog/oauth",
  rupload: "https://rupload.facebook.com",
});

/**
 * Where the sandbox serves media as Meta's CDN would (signed, expiring URLs; §12.7): every
 * `media_url`, `thumbnail_url` and profile picture it answers starts with this prefix. The
 * media proxy's allow-list names it explicitly in sandbox mode, beside Meta's CDN hosts.
 */
export function sandboxCdnPrefix(origin: string): string {
  return `${origin.replace(/\/+$/, "")}${SANDBOX_CDN_PATH}`;
}

/** The sandbox's stand-ins, e.g. `sandboxBaseUrls("http://localhost:3000")`. */
export function sandboxBaseUrls(origin: string): GraphBaseUrls {
  const root = `${origin.replace(/\/+$/, "")}/sandbox`;
  return {
    graphInstagram: `${root}/graph.instagram.com`,
    graphFacebook: `${root}/graph.facebook.com`,
    apiInstagram: `${root}/api.instagram.com`,
    instagramAuthorize: `${root}/www.instagram.com/oauth/authorize`,
    facebookAuthorize: `${root}/www.facebook.com/{version}/dialog/oauth`,
    rupload: `${root}/rupload.facebook.com`,
  };
}
