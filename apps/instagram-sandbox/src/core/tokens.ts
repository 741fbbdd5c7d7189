import { createHmac, timingSafeEqual } from "node:crypto";
import { maskToScopes, scopesToMask } from "./scopes.ts";

/**
 * Tokens and codes are self-validating: an HMAC (app secret) over a compact payload, so they stay
 * valid across restarts without storing them, and look like Meta's (`IGAA…`, `EAA…`, `AQ…`).
 */
export type TokenKind = "ig_short" | "ig_long" | "fb_short" | "fb_long" | "fb_page";

export type TokenClaims = {
  /** IG_ID for IG tokens, Facebook user id for user tokens, Page id for Page tokens. */
  subject: string;
  kind: TokenKind;
  scopes: string[];
  /** Milliseconds. */
  issuedAt: number;
  /** Milliseconds; undefined = never (Page tokens from a long-lived user token). */
  expiresAt: number | undefined;
  /**
   * The private copy of the demo world the token belongs to (the host's user, decision 015);
   * absent for the shared default world.
   */
  space?: string;
};

export type CodeClaims = {
  family: "instagram" | "facebook";
  /** IG_ID for Instagram codes, Facebook user id for Facebook codes. */
  subject: string;
  scopes: string[];
  clientId: string;
  redirectUri: string;
  expiresAt: number;
  nonce: string;
  /** The space the consent was given in (see TokenClaims.space). */
  space?: string;
};

const SIGNATURE_LENGTH = 43; // base64url of a 32-byte HMAC, without padding

function sign(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("base64url");
}

function verify(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, text));
  const received = Buffer.from(signature);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function prefixFor(kind: TokenKind): string {
  return kind.startsWith("ig") ? "IGAA" : "EAA";
}

export function issueToken(secret: string, claims: TokenClaims, nonce: string): string {
  const payload = encode({
    s: claims.subject,
    k: claims.kind,
    p: scopesToMask(claims.scopes),
    i: claims.issuedAt,
    e: claims.expiresAt === undefined ? 0 : Math.floor(claims.expiresAt / 1000),
    n: nonce,
    ...(claims.space !== undefined ? { t: claims.space } : {}),
  });
  const body = `${prefixFor(claims.kind)}${payload}`;
  return `${body}${sign(secret, body)}`;
}

export function readToken(secret: string, token: string): TokenClaims | undefined {
  const prefix = token.startsWith("IGAA") ? "IGAA" : token.startsWith("EAA") ? "EAA" : undefined;
  if (prefix === undefined || token.length <= prefix.length + SIGNATURE_LENGTH) return undefined;
  const body = token.slice(0, -SIGNATURE_LENGTH);
  if (!verify(secret, body, token.slice(-SIGNATURE_LENGTH))) return undefined;
  try {
    const raw = JSON.parse(
      Buffer.from(body.slice(prefix.length), "base64url").toString("utf8"),
    ) as {
      s: string;
      k: TokenKind;
      p: number;
      i: number;
      e: number;
      t?: string;
    };
    if (prefixFor(raw.k) !== prefix) return undefined;
    return {
      subject: raw.s,
      kind: raw.k,
      scopes: maskToScopes(raw.p),
      issuedAt: raw.i,
      expiresAt: raw.e === 0 ? undefined : raw.e * 1000,
      ...(typeof raw.t === "string" ? { space: raw.t } : {}),
    };
  } catch {
    return undefined;
  }
}

export function issueCode(secret: string, claims: CodeClaims): string {
  const body = `AQ${encode({
    f: claims.family === "instagram" ? "i" : "f",
    s: claims.subject,
    p: scopesToMask(claims.scopes),
    c: claims.clientId,
    r: claims.redirectUri,
    e: Math.floor(claims.expiresAt / 1000),
    n: claims.nonce,
    ...(claims.space !== undefined ? { t: claims.space } : {}),
  })}`;
  return `${body}${sign(secret, body)}`;
}

export function readCode(secret: string, code: string): CodeClaims | undefined {
  if (!code.startsWith("AQ") || code.length <= 2 + SIGNATURE_LENGTH) return undefined;
  const body = code.slice(0, -SIGNATURE_LENGTH);
  if (!verify(secret, body, code.slice(-SIGNATURE_LENGTH))) return undefined;
  try {
    const raw = JSON.parse(Buffer.from(body.slice(2), "base64url").toString("utf8")) as {
      f: string;
      s: string;
      p: number;
      c: string;
      r: string;
      e: number;
      n: string;
      t?: string;
    };
    return {
      family: raw.f === "i" ? "instagram" : "facebook",
      subject: raw.s,
      scopes: maskToScopes(raw.p),
      clientId: raw.c,
      redirectUri: raw.r,
      expiresAt: raw.e * 1000,
      nonce: raw.n,
      ...(typeof raw.t === "string" ? { space: raw.t } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The space a credential (an access token or an OAuth code) belongs to, read from its signed
 * payload; undefined for the default world or anything that does not verify.
 */
export function spaceOfCredential(
  secret: string,
  credential: string | undefined,
): string | undefined {
  if (!credential) return undefined;
  const cleaned = credential.replace(/#.*$/, "");
  return (cleaned.startsWith("AQ") ? readCode(secret, cleaned) : readToken(secret, cleaned))?.space;
}
