import {
  deleteAccountInputSchema,
  exportIdParamSchema,
  planNames,
  sessionIdParamSchema,
  settingsMessages,
  updateProfileInputSchema,
} from "@sightline/contracts";
import {
  type Db,
  deleteSessionForUser,
  findPasswordHash,
  findSessionCreatedAt,
  getAccountOverviewForUser,
  getDataExportFileForUser,
  getLatestDataExportForUser,
  listActiveSessionsForUser,
  listOwnedWorkspaces,
  updateProfileForUser,
} from "@sightline/db";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie } from "hono/cookie";
import type { Auth } from "../../auth/create-auth.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { cleanName } from "../../lib/clean-text.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import { type Clock, dateOf, systemClock } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { type DataDeletionDeps, deleteAccountRequestedByUser } from "../account/index.ts";
import type { DataExportRunner } from "./data-export.ts";
import { describeUserAgent } from "./user-agent.ts";

export interface SettingsRoutesDeps {
  db: Db;
  auth: Auth;
  exports: DataExportRunner;
  dataDeletion: DataDeletionDeps;
  googleSignIn: boolean;
  now?: Clock;
}

const limit = bodyLimit({
  maxSize: 8 * 1024,
  onError: () => {
    throw new AppError("payload_too_large", "The request is too large.");
  },
});

function iso(date: Date | null | undefined) {
  return date ? date.toISOString() : null;
}

/** Settings → Profile, Security (sessions), Plan and Your data. Every query takes the user's id. */
export function settingsRoutes(deps: SettingsRoutesDeps) {
  const clock = deps.now ?? systemClock;
  const now = () => dateOf(clock);

  /** The caller's own session id (cookie), to mark it and to keep it when revoking the others. */
  async function currentSessionId(headers: Headers) {
    const result = await deps.auth.api.getSession({ headers }).catch(() => null);
    return result?.session.id ?? null;
  }

  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => {
      const overview = await getAccountOverviewForUser(deps.db, c.var.user.id);
      if (!overview) throw new AppError("unauthorized", "Sign in to continue.");
      const workspace = await c.var.getWorkspace(c.var.user);
      return c.json({
        profile: {
          email: overview.email,
          firstName: overview.firstName ?? "",
          lastName: overview.lastName ?? "",
          phone: overview.phoneNumber ?? overview.phone ?? null,
          phoneVerified: Boolean(overview.phoneNumber && overview.phoneNumberVerified),
          timeZone: overview.timeZone,
          language: overview.language,
        },
        security: {
          aal: c.var.user.aal,
          twoFactorEnabled: Boolean(overview.twoFactorEnabled),
          hasPassword: overview.identities.some((i) => i.providerId === "credential"),
          googleAvailable: deps.googleSignIn,
          identities: overview.identities.map((identity) => ({
            id: identity.id,
            providerId: identity.providerId,
            createdAt: identity.createdAt.toISOString(),
          })),
          passkeys: overview.passkeys.map((key) => ({
            id: key.id,
            name: key.name,
            deviceType: key.deviceType,
            createdAt: iso(key.createdAt),
          })),
        },
        // The open workspace's plan in force (issue 30; its end date and meters: GET /api/plan).
        plan: { id: workspace.plan, name: planNames[workspace.plan] },
      });
    })
    .patch("/profile", limit, validate("json", updateProfileInputSchema), async (c) => {
      const input = c.req.valid("json");
      const profile = await updateProfileForUser(deps.db, c.var.user.id, {
        ...input,
        firstName: cleanName(input.firstName),
        lastName: cleanName(input.lastName),
      });
      if (!profile) throw new AppError("unauthorized", "Sign in to continue.");
      return c.json({
        profile: {
          firstName: profile.firstName ?? "",
          lastName: profile.lastName ?? "",
          timeZone: profile.timeZone,
          language: profile.language,
        },
      });
    })
    .get("/sessions", async (c) => {
      const [rows, current] = await Promise.all([
        listActiveSessionsForUser(deps.db, c.var.user.id, now()),
        currentSessionId(c.req.raw.headers),
      ]);
      return c.json({
        sessions: rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          ipAddress: row.ipAddress,
          aal: row.aal === "aal2" ? ("aal2" as const) : ("aal1" as const),
          isCurrent: row.id === current,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
        })),
      });
    })
    .post("/sessions/:id/revoke", limit, validate("param", sessionIdParamSchema), async (c) => {
      const revoked = await deleteSessionForUser(deps.db, c.var.user.id, c.req.valid("param").id);
      if (revoked === 0) throw new AppError("not_found", "This session has already ended.");
      return c.json({ revoked });
    })
    .post("/exports", limit, userLimit({ db: deps.db, now: clock }, "export"), async (c) => {
      const row = await deps.exports.start(c.var.user.id);
      return c.json({ export: { id: row.id, status: row.status, progress: row.progress } }, 202);
    })
    .get("/exports/latest", async (c) => {
      const row = await getLatestDataExportForUser(deps.db, c.var.user.id);
      if (!row) return c.json({ export: null });
      const expired = row.expiresAt !== null && row.expiresAt <= now();
      return c.json({
        export: {
          id: row.id,
          status: expired ? ("expired" as const) : row.status,
          progress: row.progress,
          fileName: row.fileName,
          sizeBytes: row.sizeBytes,
          createdAt: row.createdAt.toISOString(),
          completedAt: iso(row.completedAt),
          expiresAt: iso(row.expiresAt),
          downloadPath:
            row.status === "ready" && !expired ? `/api/settings/exports/${row.id}/download` : null,
        },
      });
    })
    .get("/exports/:id/download", validate("param", exportIdParamSchema), async (c) => {
      const row = await getDataExportFileForUser(deps.db, c.var.user.id, c.req.valid("param").id);
      if (row?.status !== "ready" || !row.file) {
        throw new AppError("not_found", "This export does not exist.");
      }
      if (!row.expiresAt || row.expiresAt <= now()) {
        throw new AppError("not_found", "This export has expired. Start a new one.");
      }
      return c.body(row.file as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${row.fileName ?? "sightline-export.zip"}"`,
        "cache-control": "private, no-store",
      });
    })
    .post("/delete-account", limit, validate("json", deleteAccountInputSchema), async (c) => {
      const user = c.var.user;
      const overview = await getAccountOverviewForUser(deps.db, user.id);
      if (!overview) throw new AppError("unauthorized", "Sign in to continue.");
      const input = c.req.valid("json");
      if (input.email.toLowerCase() !== overview.email.toLowerCase()) {
        throw new AppError("validation_failed", settingsMessages.deleteEmailMismatch, [
          { path: "email", message: settingsMessages.deleteEmailMismatch },
        ]);
      }
      // Re-authentication (issue 25): the password when the account has one; otherwise (Google
      // only) a session signed in within the last 10 minutes. An open tab alone deletes nothing.
      const hash = await findPasswordHash(deps.db, user.id);
      if (hash) {
        const ctx = await deps.auth.$context;
        const ok =
          input.password !== undefined &&
          (await ctx.password.verify({ hash, password: input.password }));
        if (!ok) {
          throw new AppError("validation_failed", settingsMessages.deletePasswordWrong, [
            { path: "password", message: settingsMessages.deletePasswordWrong },
          ]);
        }
      } else {
        const signedInAt = user.sessionId
          ? await findSessionCreatedAt(deps.db, user.sessionId, user.id)
          : undefined;
        if (!signedInAt || now().getTime() - signedInAt.getTime() > 10 * 60_000) {
          throw new AppError("forbidden", settingsMessages.deleteNeedsRecentSignIn);
        }
      }
      // A workspace the user owns goes with them: one that others work in is handed over (or
      // emptied of its members) first, so nobody loses a shared account by surprise.
      const shared = (await listOwnedWorkspaces(deps.db, user.id)).filter((w) => w.members > 1);
      if (shared.length > 0) {
        throw new AppError(
          "conflict",
          `You own ${shared.map((w) => w.name).join(", ")}, which other members use. Hand ${shared.length === 1 ? "it" : "them"} over to another member in Settings → Team, or remove the members, then delete your account.`,
        );
      }
      const result = await deleteAccountRequestedByUser(deps.dataDeletion, {
        userId: user.id,
        email: overview.email,
      });
      c.var.logger.info({ code: result.confirmationCode }, "account deleted by its owner");
      for (const name of ["sightline.session_token", "sightline.session_data"]) {
        deleteCookie(c, name, { path: "/" });
        deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
      }
      return c.json({ confirmationCode: result.confirmationCode, statusUrl: result.statusUrl });
    });
}
