import { timingSafeEqual } from "node:crypto";
import { type Db, findPendingOauthStateOwner } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { validate } from "../../lib/validate.ts";
import type { Clock } from "../../platform/clock.ts";

/**
 * Whose copy of the demo world (decision 015) a consent page acts in, told by the round trip's
 * state: the user who started it, or `connect-link:<id>` for a connect link's visitor. The same
 * spaces the mounted sandbox names from the session cookie, which a sandbox on another origin
 * never sees (decision 032). Undefined for an unknown, expired or used state.
 */
export async function sandboxSpaceOfState(
  ctx: { db: Db; now: Clock },
  state: string,
): Promise<string | undefined> {
  const owner = await findPendingOauthStateOwner(ctx.db, sha256Hex(state), new Date(ctx.now()));
  if (!owner) return undefined;
  return owner.connectLinkId ? `connect-link:${owner.connectLinkId}` : owner.userId;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /sandbox-host/consent-space — asked by a shared Instagram sandbox (`INSTAGRAM_SANDBOX_URL`,
 * decision 032) when someone opens its consent page: `{ state }` in, `{ space }` out (null when the
 * state is no pending round trip, and the page then asks them to start from Sightline). Only the
 * sandbox holds the bearer token (derived from SANDBOX_SECRET); mounted only with a shared sandbox.
 */
export function sandboxHostRoutes(deps: { db: Db; now: Clock; hostToken: string }) {
  return new Hono<AppEnv>().post(
    "/consent-space",
    async (c, next) => {
      const header = c.req.header("authorization") ?? "";
      const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
      if (!sameSecret(given, deps.hostToken)) {
        throw new AppError("unauthorized", "The sandbox's host token is required.");
      }
      await next();
    },
    validate("json", z.object({ state: z.string().min(1).max(200) })),
    async (c) => {
      const { state } = c.req.valid("json");
      return c.json({ space: (await sandboxSpaceOfState(deps, state)) ?? null });
    },
  );
}
