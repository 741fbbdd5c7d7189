import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a write's preview may be confirmed (an assistant asks its user in between). */
export const CONFIRMATION_TTL_MS = 10 * 60_000;

const VERSION = "c1";

type Bound = {
  /** The tool the preview came from: a draft's confirmation never schedules. */
  tool: string;
  /** The personal access token the preview was made for. */
  tokenId: string;
  /** The write exactly as previewed (the account and the validated post). */
  input: unknown;
};

export type ConfirmationCheck =
  | { ok: true; clientId: string }
  | { ok: false; reason: "invalid" | "expired" | "other_input" };

/** JSON with object keys in order, so the same input always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Confirmations of a write (decision 036): `c1.<expiry>.<input digest>.<signature>`, an
 * HMAC-SHA256 over the tool, the token's id, the expiry and the digest of the exact input,
 * keyed by a secret derived from the app's. Nothing is stored: a confirmation is good for
 * its tool, token and input until it expires, and confirming it twice makes one post (its
 * client id is derived from it).
 */
export function createConfirmations(secret: string) {
  const mac = (text: string) => createHmac("sha256", secret).update(text).digest("base64url");
  const digestOf = (bound: Bound) =>
    mac(`input\n${bound.tool}\n${bound.tokenId}\n${canonical(bound.input)}`).slice(0, 32);
  const signature = (bound: Bound, expiry: string, digest: string) =>
    mac(`confirm\n${VERSION}\n${bound.tool}\n${bound.tokenId}\n${expiry}\n${digest}`);

  return {
    issue(bound: Bound, now: Date): { confirmation: string; expiresAt: Date } {
      const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
      const expiry = expiresAt.getTime().toString(36);
      const digest = digestOf(bound);
      return {
        confirmation: `${VERSION}.${expiry}.${digest}.${signature(bound, expiry, digest)}`,
        expiresAt,
      };
    },

    check(confirmation: string, bound: Bound, now: Date): ConfirmationCheck {
      const [version, expiry, digest, signed, ...rest] = confirmation.split(".");
      if (version !== VERSION || !expiry || !digest || !signed || rest.length > 0) {
        return { ok: false, reason: "invalid" };
      }
      const expected = Buffer.from(signature(bound, expiry, digest));
      const given = Buffer.from(signed);
      // Another token's or another tool's confirmation fails here, as a forged one does.
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: "invalid" };
      }
      if (Number.parseInt(expiry, 36) <= now.getTime()) return { ok: false, reason: "expired" };
      if (digest !== digestOf(bound)) return { ok: false, reason: "other_input" };
      // A UUID (the composer's client_id) from the confirmation: the same one saves one post.
      const hex = createHmac("sha256", secret).update(`client-id\n${confirmation}`).digest("hex");
      const clientId = [
        hex.slice(0, 8),
        hex.slice(8, 12),
        `4${hex.slice(13, 16)}`,
        `${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`,
        hex.slice(20, 32),
      ].join("-");
      return { ok: true, clientId };
    },
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;
