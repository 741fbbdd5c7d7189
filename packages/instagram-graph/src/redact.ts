/**
 * Tokens must never reach logs or error messages. Everything the client puts into an error
 * (URL, Meta's message, a parse failure) goes through `redactSecrets`.
 */
const secretParams = [
  "access_token",
  "client_secret",
  "fb_exchange_token",
  "input_token",
  "code",
  "appsecret_proof",
];
const paramPattern = new RegExp(
  `((?:^|[?&#\\s"'])(?:${secretParams.join("|")})=)[^&#\\s"']+`,
  "gi",
);
// The same names as JSON string members, e.g. in a response snippet (`"code":190` stays).
const jsonPattern = new RegExp(`"(${secretParams.join("|")})"\\s*:\\s*"[^"]*"`, "gi");
const headerPattern = /\b(Bearer|OAuth)\s+[A-Za-z0-9._\-~+/=]{8,}/g;
// Meta token families (§0): IG Login `IGAA…`/`IGQV…`, Facebook `EAA…`.
const tokenPattern = /\b(?:IGAA|IGQV|EAA)[A-Za-z0-9_-]{8,}/g;

export const REDACTED = "[redacted]";

export function redactSecrets(text: string): string {
  return text
    .replace(paramPattern, `$1${REDACTED}`)
    .replace(jsonPattern, `"$1":"${REDACTED}"`)
    .replace(headerPattern, `$1 ${REDACTED}`)
    .replace(tokenPattern, REDACTED);
}

/** A URL safe to show: secret query values replaced, userinfo dropped. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    for (const key of [...parsed.searchParams.keys()]) {
      if (secretParams.includes(key.toLowerCase())) parsed.searchParams.set(key, REDACTED);
    }
    return redactSecrets(parsed.toString());
  } catch {
    return redactSecrets(url);
  }
}
