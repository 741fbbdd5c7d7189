import type { Db } from "@sightline/db";
import { parseSignedRequest } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-types.ts";
import { AppError } from "../lib/app-error.ts";
import { validate } from "../lib/validate.ts";
import {
  type DataDeletionDeps,
  deleteDataForMetaUser,
  findDeletionRequest,
} from "../services/data-deletion.ts";

async function signedRequestFrom(c: {
  req: { parseBody: () => Promise<Record<string, unknown>> };
}) {
  const body = await c.req.parseBody();
  const value = body.signed_request;
  if (typeof value !== "string" || !value) {
    throw new AppError("bad_request", "signed_request is missing");
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
  dataDeletion: DataDeletionDeps;
}) {
  function verify(signedRequest: string) {
    const payload = parseSignedRequest(signedRequest, deps.appSecret);
    if (!payload) throw new AppError("bad_request", "signed_request did not verify");
    return payload;
  }

  return new Hono<AppEnv>()
    .post("/data-deletion", async (c) => {
      const payload = verify(await signedRequestFrom(c));
      const request = await deleteDataForMetaUser(deps.dataDeletion, payload.user_id);
      c.var.logger.info({ code: request.confirmationCode }, "data deletion requested by Meta");
      return c.json({
        url: `${deps.publicUrl}/data-deletion?code=${request.confirmationCode}`,
        confirmation_code: request.confirmationCode,
      });
    })
    .post("/deauthorize", async (c) => {
      const payload = verify(await signedRequestFrom(c));
      c.var.logger.info({ metaUserId: payload.user_id }, "app removed by the user on Meta");
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
