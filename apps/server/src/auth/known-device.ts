import { createHmac, timingSafeEqual } from "node:crypto";

/** The cookie a browser gets after signing in to an account (issue 25, lockout). */
export const KNOWN_DEVICE_COOKIE = "sightline.known_device";
const MAX_ACCOUNTS = 5;

/**
 * A browser that once signed in to an account carries a token for it (an HMAC of the address
 * under the server secret, httpOnly, 400 days). The per-account limits on failed sign-ins and
 * reset e-mails (platform/limits/attempt-limits.ts) count such a browser apart from everyone else: an
 * attacker failing from other clients uses up the shared allowance, and the owner's own browser
 * still signs in and still gets reset e-mails. Decision 017.
 */
export function createKnownDevices(secret: string) {
  const token = (email: string) =>
    createHmac("sha256", secret)
      .update(`known-device:${email.trim().toLowerCase()}`)
      .digest("base64url")
      .slice(0, 22);
  const tokensIn = (cookieHeader: string | undefined) => {
    const match = cookieHeader
      ?.split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    return match
      ? match
          .slice(KNOWN_DEVICE_COOKIE.length + 1)
          .split(".")
          .filter(Boolean)
      : [];
  };
  return {
    isKnown(cookieHeader: string | undefined, email: string): boolean {
      const expected = Buffer.from(token(email));
      return tokensIn(cookieHeader).some((given) => {
        const bytes = Buffer.from(given);
        return bytes.length === expected.length && timingSafeEqual(bytes, expected);
      });
    },
    /** The Set-Cookie value after a successful sign-in to `email` (newest first, at most 5). */
    cookieAfterSignIn(cookieHeader: string | undefined, email: string, secure: boolean): string {
      const mine = token(email);
      const tokens = [mine, ...tokensIn(cookieHeader).filter((given) => given !== mine)].slice(
        0,
        MAX_ACCOUNTS,
      );
      return `${KNOWN_DEVICE_COOKIE}=${tokens.join(".")}; Path=/api/auth; Max-Age=${400 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
  };
}
