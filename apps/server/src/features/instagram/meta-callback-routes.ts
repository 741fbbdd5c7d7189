import { createHash } from "node:crypto";
import type { Db } from "@sightline/db";
import { parseSignedRequest, type SignedRequestPayload } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import {
  type DataDeletionDeps,
  deleteDataForMetaUser,
  findDeletionRequest,
} from "../account/index.ts";

/** Meta's signed requests are a few hundred bytes; anything near this is not one. */
const MAX_SIGNED_REQUEST_LENGTH = 4096;
/** How old (or how far ahead, for clock skew) a signed request's issued_at may be. */
export const SIGNED_REQUEST_MAX_AGE_S = 60 * 60;
export const SIGNED_REQUEST_MAX_SKEW_S = 5 * 60;

/** Every field we read, bounded: ids are digits, the algorithm a short name, times integers. */
const payloadBounds = z.object({
  algorithm: z.string().max(32),
  issued_at: z.number().int().nonnegative(),
  user_id: z.string().regex(/^\d{1,32}$/),
  expires: z.number().int().nonnegative().optional(),
});

async function signedRequestFrom(c: {
  req: { parseBody: () => Promise<Record<string, unknown>> };
}) {
  // A malformed body (multipart without a boundary, broken encoding) is the caller's error.
  const body = await c.req.parseBody().catch(() => {
    throw new AppError("bad_request", "The body must be a form with signed_request");
  });
  const value = body.signed_request;
  if (typeof value !== "string" || !value) {
    throw new AppError("bad_request", "signed_request is missing");
  }
  if (value.length > MAX_SIGNED_REQUEST_LENGTH) {
    throw new AppError("bad_request", "signed_request is too long");
  }
  return value;
}

/**
 * Meta's app callbacks (contract §1.5), authenticated by the signed_request's HMAC with the app
 * secret, and the public status of a deletion request.
 */
export function metaRoutes(deps: {
  db: Db;
  appSecret: string;
  publicUrl: string;
  /** The clock issued_at is checked against (milliseconds). */
  now: Clock;
  dataDeletion: DataDeletionDeps;
  /** The person removed the app at Meta: drop their connections (issue 10). */
  onDeauthorize?: (metaUserId: string) => Promise<number>;
}) {
  function verify(signedRequest: string): SignedRequestPayload {
    const payload = parseSignedRequest(signedRequest, deps.appSecret);
    if (!payload) throw new AppError("bad_request", "signed_request did not verify");
    if (!payloadBounds.safeParse(payload).success) {
      throw new AppError("bad_request", "signed_request has a malformed field");
    }
    const nowS = deps.now() / 1000;
    if (
      payload.issued_at < nowS - SIGNED_REQUEST_MAX_AGE_S ||
      payload.issued_at > nowS + SIGNED_REQUEST_MAX_SKEW_S
    ) {
      throw new AppError("bad_request", "signed_request is too old or from the future");
    }
    return payload;
  }

  return new Hono<AppEnv>()
    .post("/data-deletion", async (c) => {
      const signedRequest = await signedRequestFrom(c);
      const payload = verify(signedRequest);
      // A replay of the same signed request finds the first record instead of making another.
      const requestHash = createHash("sha256").update(signedRequest).digest("hex");
      const request = await deleteDataForMetaUser(deps.dataDeletion, payload.user_id, requestHash);
      c.var.logger.info({ code: request.confirmationCode }, "data deletion requested by Meta");
      return c.json({
        url: `${deps.publicUrl}/data-deletion?code=${request.confirmationCode}`,
        confirmation_code: request.confirmationCode,
      });
    })
    .post("/deauthorize", async (c) => {
      const payload = verify(await signedRequestFrom(c));
      const disconnected = (await deps.onDeauthorize?.(payload.user_id)) ?? 0;
      c.var.logger.info(
        { metaUserId: payload.user_id, disconnected },
        "app removed by the user on Meta",
      );
      return c.json({ success: true });
    })
    .get(
      "/data-deletion/status",
      validate("query", z.object({ code: z.string().trim().min(4).max(64) })),
      async (c) => {
        const row = await findDeletionRequest(deps.db, c.req.valid("query").code);
        if (!row)
          throw new AppError("not_found", "We could not find a deletion request with this code.");
        return c.json({
          confirmation_code: row.confirmationCode,
          status: row.status,
          requested_at: row.requestedAt.toISOString(),
          completed_at: row.completedAt?.toISOString() ?? null,
        });
      },
    );
}
