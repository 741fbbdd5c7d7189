import { createHash } from "node:crypto";
import { createSupportRequestInputSchema } from "@sightline/contracts";
import { countSupportRequestsSince, type Db, insertSupportRequest } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import type { BackgroundTasks } from "../../platform/background-tasks.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AttemptLimiter } from "../../platform/limits/attempt-limits.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import {
  supportConfirmationMessage,
  supportRequestMessage,
} from "../../platform/mail/templates.ts";

/** Requests per client address, and per sender address, in a sliding window. */
export const SUPPORT_LIMIT = { max: 5, windowMs: 60 * 60_000 };

const tooMany =
  "You have sent several messages in the last hour. Please wait a little before sending another, or e-mail support@sightline.app.";

/**
 * POST /api/support/requests: the public contact form. Stored, then e-mailed to support and
 * confirmed to the sender after the response (a generic confirmation: the address is not
 * verified, so it carries nothing the sender wrote).
 */
export function supportRoutes(deps: {
  db: Db;
  mailer: Mailer;
  tasks: BackgroundTasks;
  attemptLimiter: AttemptLimiter;
  supportEmail: string;
  secret: string;
  clientIp: (c: import("hono").Context<AppEnv>) => string;
  now: Clock;
}) {
  return new Hono<AppEnv>().post(
    "/requests",
    validate("json", createSupportRequestInputSchema),
    async (c) => {
      const input = c.req.valid("json");
      const ipHash = createHash("sha256")
        .update(`${deps.secret}:${deps.clientIp(c)}`)
        .digest("hex");
      const since = new Date(deps.now() - SUPPORT_LIMIT.windowMs);
      const recent = await countSupportRequestsSince(deps.db, ipHash, since);
      if (
        recent >= SUPPORT_LIMIT.max ||
        (await deps.attemptLimiter.isLimited("support", input.email))
      ) {
        throw new AppError("rate_limited", tooMany);
      }
      await deps.attemptLimiter.record("support", input.email);
      const row = await insertSupportRequest(deps.db, {
        ...input,
        userId: (await c.var.getUser())?.id ?? null,
        ipHash,
        createdAt: new Date(deps.now()),
      });
      const reference = row.id.slice(0, 8).toUpperCase();
      // Stored is what matters: support reads the table even when mail is down.
      deps.tasks.run("support-request", () =>
        deps.mailer.sendEmail(supportRequestMessage(deps.supportEmail, input, reference)),
      );
      deps.tasks.run("support-confirmation", () =>
        deps.mailer.sendEmail(supportConfirmationMessage(input.email, reference)),
      );
      return c.json({ id: row.id, reference, created_at: row.createdAt.toISOString() }, 201);
    },
  );
}
