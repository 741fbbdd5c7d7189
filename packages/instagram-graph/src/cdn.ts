/**
 * §9 — the avatar/media proxy allowlist. Suffix matches are on a dot boundary so that
 * `evilcdninstagram.com` or `cdninstagram.com.example.org` never pass.
 */
const allowedSuffixes = [".cdninstagram.com", ".fbcdn.net"];
const allowedHosts = new Set(["lookaside.fbsbx.com", "platform-lookaside.fbsbx.com"]);

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
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  if (allowedHosts.has(host)) return true;
  // Every label non-empty: `.cdninstagram.com` or `a..fbcdn.net` name no host under the domain.
  if (host.split(".").some((label) => label === "")) return false;
  return allowedSuffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
