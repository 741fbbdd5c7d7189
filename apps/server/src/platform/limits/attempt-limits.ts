import { createHmac } from "node:crypto";
import {
  countRateLimitEventsSince,
  type Db,
  deleteRateLimitEventsBefore,
  insertRateLimitEvent,
} from "@sightline/db";
import { type Clock, systemClock } from "../clock.ts";

/**
 * Limits keyed by the target e-mail address rather than the client's address (issue 8,
 * point 2): a botnet or a spoofed X-Forwarded-For cannot try a thousand passwords on one
 * account, nor fill one mailbox with sign-up, recovery or support mail. Each key counts only
 * its own e-mail address, so one noisy address behind a shared network (an office, a carrier
 * NAT) never locks anyone else; the per-client limits (Better Auth's, support's) stay beside.
 */
export const attemptRules = {
  /** Failed password sign-ins for one address; a success does not count. */
  signInFailure: { max: 10, windowMs: 15 * 60_000 },
  /** Sign-ups naming one address (each sends it an e-mail). */
  signUp: { max: 5, windowMs: 60 * 60_000 },
  /** Reset and verification e-mails requested for one address. */
  recovery: { max: 5, windowMs: 60 * 60_000 },
  /** Support requests from one sender address. */
  support: { max: 5, windowMs: 60 * 60_000 },
} as const;

export type AttemptKind = keyof typeof attemptRules;

const longestWindowMs = Math.max(...Object.values(attemptRules).map((rule) => rule.windowMs));

export interface AttemptLimiter {
  /** True when `email` has used up `kind`'s allowance in the current window. */
  isLimited(kind: AttemptKind, email: string): Promise<boolean>;
  record(kind: AttemptKind, email: string): Promise<void>;
}

export function createAttemptLimiter(deps: {
  db: Db;
  secret: string;
  now?: Clock;
}): AttemptLimiter {
  const now = deps.now ?? systemClock;
  // Keyed by an HMAC of the normalised address: the table holds no e-mail addresses.
  const key = (kind: AttemptKind, email: string) =>
    `${kind}:${createHmac("sha256", deps.secret)
      .update(`attempt-limit:${email.trim().toLowerCase()}`)
      .digest("base64url")}`;
  let lastPrune = 0;
  return {
    async isLimited(kind, email) {
      const rule = attemptRules[kind];
      const since = new Date(now() - rule.windowMs);
      return (await countRateLimitEventsSince(deps.db, key(kind, email), since)) >= rule.max;
    },
    async record(kind, email) {
      const at = now();
      await insertRateLimitEvent(deps.db, key(kind, email), new Date(at));
      if (at - lastPrune > 60_000) {
        lastPrune = at;
        await deleteRateLimitEventsBefore(deps.db, new Date(at - longestWindowMs));
      }
    },
  };
}
