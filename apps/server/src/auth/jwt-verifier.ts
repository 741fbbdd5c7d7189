import { authMessages } from "@sightline/contracts";
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from "jose";
import { AppError } from "../lib/app-error.ts";
import type { Auth } from "./create-auth.ts";

export interface AccessTokenClaims {
  userId: string;
  email: string;
  aal: "aal1" | "aal2";
  /** The session the token was minted from (absent in tokens from before it was added). */
  sessionId: string | undefined;
  expiresAt: Date;
}

const JWKS_CACHE_MS = 5 * 60_000;

/**
 * Verifies the short-lived access tokens the spec sends as `Authorization: Bearer`, against
 * the same public keys served at /api/auth/jwks and /.well-known/jwks.json.
 */
export function createJwtVerifier(auth: Auth, options: { issuer: string; audience: string }) {
  let cached: { set: ReturnType<typeof createLocalJWKSet>; loadedAt: number } | undefined;

  async function keySet(force = false) {
    if (!cached || force || Date.now() - cached.loadedAt > JWKS_CACHE_MS) {
      const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
      cached = { set: createLocalJWKSet(jwks), loadedAt: Date.now() };
    }
    return cached.set;
  }

  async function verifyWith(token: string, force: boolean) {
    return jwtVerify(token, await keySet(force), {
      issuer: options.issuer,
      audience: options.audience,
    });
  }

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    try {
      let result: Awaited<ReturnType<typeof verifyWith>>;
      try {
        result = await verifyWith(token, false);
      } catch (error) {
        // A key rotated since the cache was filled: reload once.
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        result = await verifyWith(token, true);
      }
      const { payload } = result;
      if (!payload.sub || typeof payload.exp !== "number") {
        throw new AppError("unauthorized", "Invalid access token");
      }
      return {
        userId: payload.sub,
        email: typeof payload.email === "string" ? payload.email : "",
        aal: payload.aal === "aal2" ? "aal2" : "aal1",
        sessionId: typeof payload.sid === "string" ? payload.sid : undefined,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        throw new AppError("unauthorized", authMessages.invalidJwtSignature);
      }
      if (error instanceof errors.JWTExpired) {
        throw new AppError("unauthorized", "Access token expired");
      }
      throw new AppError("unauthorized", "Invalid access token");
    }
  };
}

export type JwtVerifier = ReturnType<typeof createJwtVerifier>;
