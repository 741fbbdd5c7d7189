import { createHash } from "node:crypto";
import { createSupportRequestInputSchema } from "@sightline/contracts";
import { countSupportRequestsSince, type Db, insertSupportRequest } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-types.ts";
import { AppError } from "../lib/app-error.ts";
import { validate } from "../lib/validate.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import { supportConfirmationMessage, supportRequestMessage } from "../services/mail/templates.ts";

const PER_HOUR = 5;

/** POST /api/support/requests: the public contact form. Stored, then e-mailed to support. */
export function supportRoutes(deps: {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  secret: string;
  clientIp: (c: import("hono").Context<AppEnv>) => string;
}) {
  return new Hono<AppEnv>().post(
    "/requests",
    validate("json", createSupportRequestInputSchema),
    async (c) => {
      const input = c.req.valid("json");
      const ipHash = createHash("sha256")
        .update(`${deps.secret}:${deps.clientIp(c)}`)
        .digest("hex");
      const since = new Date(Date.now() - 60 * 60_000);
      const recent = await countSupportRequestsSince(deps.db, ipHash, since);
      if (recent >= PER_HOUR) {
        throw new AppError(
          "rate_limited",
          "You have sent several messages in the last hour. Please wait a little before sending another, or e-mail support@sightline.app.",
        );
      }
      const row = await insertSupportRequest(deps.db, {
        ...input,
        userId: (await c.var.getUser())?.id ?? null,
        ipHash,
      });
      const reference = row.id.slice(0, 8).toUpperCase();
      try {
        await deps.mailer.sendEmail(supportRequestMessage(deps.supportEmail, input, reference));
        await deps.mailer.sendEmail(supportConfirmationMessage(input.email, input.name, reference));
      } catch (error) {
        // Stored is what matters: support reads the table even when mail is down.
        c.var.logger.error({ err: error, reference }, "support request stored but not e-mailed");
      }
      return c.json({ id: row.id, reference, created_at: row.createdAt.toISOString() }, 201);
    },
  );
}
