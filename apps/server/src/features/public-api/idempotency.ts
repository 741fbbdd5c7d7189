import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  idempotencyKeySchema,
} from "@sightline/contracts";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "@sightline/db";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../../lib/app-error.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { withRouteDoc } from "../../lib/route-docs.ts";
import { dateOf } from "../../platform/clock.ts";
import type { PublicApiDeps, TokenEnv } from "./authenticate.ts";

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/**
 * `Idempotency-Key` on a write (after `authenticateToken`): the first request with a key runs
 * and, when it succeeds (2xx), its status and body are kept for 24 hours; the same key with the
 * same method, path and body then answers that first result again (`Idempotent-Replayed: true`)
 * without running anything. The same key with another request: 422; while the first still
 * runs: 409. A request that fails frees its key for a retry. Without the header the write runs
 * as usual.
 */
export function idempotent(deps: Pick<PublicApiDeps, "db" | "now">) {
  const middleware = createMiddleware<TokenEnv>(async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) return next();
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) {
      throw new AppError("validation_failed", parsed.error.issues[0]!.message, [
        { path: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]!.message },
      ]);
    }
    const scope = {
      workspaceId: c.var.apiToken.workspaceId,
      tokenId: c.var.apiToken.id,
      key: parsed.data,
    };
    // Read once here; Hono keeps the body for the validator that follows.
    const body = await c.req.text();
    const requestHash = sha256Hex(`${c.req.method} ${c.req.path}\n${body}`);
    const now = dateOf(deps.now);
    const claim = await claimIdempotencyKey(
      deps.db,
      scope,
      requestHash,
      now,
      new Date(now.getTime() - TTL_MS),
    );
    if (!claim.claimed) {
      if (claim.requestHash !== requestHash) {
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request. Send a new key with a new request.",
        );
      }
      if (claim.status === null) {
        throw new AppError(
          "idempotency_key_in_use",
          "A request with this Idempotency-Key is still running. Try again in a moment.",
        );
      }
      c.header("Idempotent-Replayed", "true");
      return c.json(claim.body as object, claim.status as ContentfulStatusCode);
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(deps.db, scope);
      throw error;
    }
    // An error was turned into its answer on the way out (compose's onError): c.res says it.
    if (c.res.status >= 200 && c.res.status < 300) {
      await completeIdempotencyKey(deps.db, scope, c.res.status, await c.res.clone().json());
    } else {
      await releaseIdempotencyKey(deps.db, scope);
    }
  });
  return withRouteDoc(middleware, {
    requestHeaders: [
      {
        name: IDEMPOTENCY_KEY_HEADER,
        required: false,
        description: `Makes the write safe to retry: the same key with the same request answers the first result again for ${IDEMPOTENCY_KEY_TTL_HOURS} hours (with \`Idempotent-Replayed: true\`) instead of writing twice. A UUID per intended write is a good key.`,
        schema: idempotencyKeySchema,
      },
    ],
    errors: [
      {
        status: 409,
        code: "idempotency_key_in_use",
        message: "A request with this Idempotency-Key is still running. Try again in a moment.",
      },
      {
        status: 422,
        code: "idempotency_key_reused",
        message:
          "This Idempotency-Key was already used with a different request. Send a new key with a new request.",
      },
    ],
    responseHeaders: { success: ["Idempotent-Replayed"] },
  });
}
