/**
 * Contract §9 — the avatar/media proxy allow-list, shared by the server's proxy (which fetches only
 * these hosts) and the web app (which sends only these hosts through the proxy, spec §5). Suffix matches are
 * on a dot boundary so that `evilcdninstagram.com` or `cdninstagram.com.example.org` never pass.
 */
const allowedSuffixes = [".cdninstagram.com", ".fbcdn.net"];
const allowedHosts = new Set(["lookaside.fbsbx.com", "platform-lookaside.fbsbx.com"]);

/** The path segment of the sandbox's CDN, named after Meta's `scontent` host. */
export const SANDBOX_CDN_SEGMENT = "scontent.cdninstagram.com";

/** Where the sandbox serves its CDN on the app's own origin: `<origin>/sandbox/scontent…/`. */
export const SANDBOX_CDN_PATH = `/sandbox/${SANDBOX_CDN_SEGMENT}/`;

/** A host name (no port) on Meta's CDN: a trailing dot and letter case are ignored. */
export function isMetaCdnHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (allowedHosts.has(host)) return true;
  // Every label non-empty: `.cdninstagram.com` or `a..fbcdn.net` name no host under the domain.
  if (host.split(".").some((label) => label === "")) return false;
  return allowedSuffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/** An https URL on Meta's CDN, without credentials or a port other than 443. */
export function isMetaCdnUrl(url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:") return false;
  // Credentials in the URL are a classic allowlist bypass vector; Meta never sends them.
  if (parsed.username !== "" || parsed.password !== "") return false;
  if (parsed.port !== "" && parsed.port !== "443") return false;
  return isMetaCdnHost(parsed.hostname);
}
