import { randomBytes } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import {
  authMessages,
  isCommonPassword,
  isValidSignUpPassword,
  overlongAuthField,
} from "@sightline/contracts";
import { isE164Phone, phoneMessages } from "@sightline/contracts/phone";
import {
  type Db,
  deleteOtherSessions,
  deleteSessionsBeyondNewest,
  ensurePersonalWorkspace,
  findUserEmailById,
  personalWorkspaceName,
  profiles,
  schema,
} from "@sightline/db";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { getJwtToken, type JwtOptions, jwt, phoneNumber, twoFactor } from "better-auth/plugins";
import { cleanName } from "../lib/clean-text.ts";
import type { Logger } from "../lib/logger.ts";
import { serializeError } from "../lib/redact.ts";
import type { BackgroundTasks } from "../platform/background-tasks.ts";
import type { Mailer } from "../platform/mail/mailer.ts";
import {
  accountExistsUnverifiedMessage,
  changeEmailMessage,
  passwordChangedMessage,
  resetPasswordMessage,
  signUpAttemptOnExistingAccountMessage,
  verifyEmailMessage,
} from "../platform/mail/templates.ts";
import { hashTestPassword, verifyTestPassword } from "./test-password-hash.ts";

/** Sessions one user may hold; signing in beyond it ends the oldest (issue 8, point 8). */
export const MAX_SESSIONS_PER_USER = 10;
/** How long a reset (or "choose your password") link works. */
const RESET_TOKEN_SECONDS = 60 * 60;

/** The header the server sets from the socket (or a trusted proxy) for rate limiting. */
export const CLIENT_IP_HEADER = "x-sightline-client-ip";

/** Paths after which a session has used a verified second factor (spec §4: aal2). */
const secondFactorPaths = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
  "/passkey/verify-authentication",
]);

/** Reads the UV flag (bit 2) of a WebAuthn assertion's authenticator data. */
function assertionVerifiedUser(body: unknown): boolean {
  const data = (body as { response?: { response?: { authenticatorData?: unknown } } } | undefined)
    ?.response?.response?.authenticatorData;
  if (typeof data !== "string") return false;
  const flags = Buffer.from(data, "base64url")[32];
  return flags !== undefined && (flags & 0x04) !== 0;
}

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  /** E-mails go out after the response, so response times do not reveal accounts. */
  tasks: BackgroundTasks;
  logger: Logger;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  google?: { clientId: string; clientSecret: string } | undefined;
  /** Overrides for tests; production uses the defaults below. */
  rateLimits?: { signIn?: number; signUp?: number; recovery?: number };
  /** AUTH_RATE_LIMITS=off (tests only, refused by env.ts otherwise): no rate limit is counted. */
  rateLimitsOff?: boolean;
  /** AUTH_PASSWORD_COST=test (tests only, refused by env.ts otherwise): a cheaper scrypt. */
  cheapPasswordHash?: boolean;
}

function cleanNames(user: Record<string, unknown>) {
  const cleaned: Record<string, string> = {};
  for (const field of ["name", "firstName", "lastName"]) {
    const value = user[field];
    if (typeof value === "string") cleaned[field] = cleanName(value);
  }
  return cleaned;
}

function displayName(firstName?: string | null, lastName?: string | null, email?: string) {
  const name = [firstName, lastName].filter(Boolean).join(" ").trim();
  return name || email?.split("@")[0] || "User";
}

export function createAuth(deps: AuthDeps) {
  const { db, mailer, logger, tasks } = deps;
  const publicUrl = new URL(deps.publicUrl);
  const sendLater = (label: string, message: Parameters<Mailer["sendEmail"]>[0]) =>
    tasks.run(label, () => mailer.sendEmail(message));
  const jwtOptions: JwtOptions = {
    jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
    jwt: {
      issuer: publicUrl.origin,
      audience: publicUrl.origin,
      expirationTime: "15m",
      definePayload: ({ user, session }) => ({
        // The session the token was minted from: state-changing routes check it still exists.
        sid: session.id,
        email: user.email,
        aal: (session as { aal?: string }).aal ?? "aal1",
      }),
    },
    // Set by setAccessTokenHeader (below), on HTTP answers only.
    disableSettingJwtHeader: true,
  };

  /**
   * Issue 8, point 6 (docs/decisions/006-pre-account-takeover.md): a sign-up for an address
   * whose account is not verified clears the password chosen before (whoever chose it) and
   * e-mails the address a link to choose one; following it also verifies the address.
   */
  let unusableHash: Promise<string> | undefined;
  async function releaseUnverifiedAccount(user: { id: string; email: string }) {
    const ctx = await auth.$context;
    // One hash of a random secret nobody knows, computed once: clearing costs no hashing time.
    unusableHash ??= ctx.password.hash(randomBytes(32).toString("base64url"));
    await ctx.internalAdapter.updatePassword(user.id, await unusableHash);
    await ctx.internalAdapter.deleteUserSessions(user.id);
    const token = randomBytes(24).toString("hex");
    await ctx.internalAdapter.createVerificationValue({
      value: user.id,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
    });
    const url = `${publicUrl.origin}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("/auth/reset-password")}`;
    sendLater("account-exists-unverified", accountExistsUnverifiedMessage(user.email, url));
  }

  async function syncProfile(user: {
    id: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
  }) {
    const values = {
      email: user.email,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      updatedAt: new Date(),
    };
    await db
      .insert(profiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
  }

  const auth = betterAuth({
    appName: "Sightline",
    baseURL: deps.publicUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        phone: { type: "string", required: false },
      },
      // Settings → e-mail: the new address gets a confirmation link; the change happens on click.
      changeEmail: { enabled: true },
    },
    session: {
      additionalFields: {
        aal: { type: "string", required: false, defaultValue: "aal1", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      ...(deps.cheapPasswordHash
        ? { password: { hash: hashTestPassword, verify: verifyTestPassword } }
        : {}),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: async ({ user, url }) => {
        sendLater("reset-password", resetPasswordMessage(user.email, url));
      },
      onPasswordReset: async ({ user }) => {
        // The link came to the mailbox: that proves the address as well as a verification link.
        if (!user.emailVerified) {
          const ctx = await auth.$context;
          await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
        }
        sendLater("password-changed", passwordChangedMessage(user.email));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (user.emailVerified) {
          sendLater(
            "sign-up-attempt-existing",
            signUpAttemptOnExistingAccountMessage(user.email, `${publicUrl.origin}/?auth=login`),
          );
        } else {
          await releaseUnverifiedAccount(user);
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        // A change of address sends here too, with the new address on a user whose stored
        // address is still the old one.
        const stored = await findUserEmailById(db, user.id);
        if (stored && stored !== user.email) {
          await mailer.sendEmail(changeEmailMessage(user.email, url));
          return;
        }
        const firstName = (user as { firstName?: string | null }).firstName ?? undefined;
        sendLater("verify-email", verifyEmailMessage(user.email, firstName, url));
      },
    },
    ...(deps.google
      ? {
          socialProviders: {
            google: {
              clientId: deps.google.clientId,
              clientSecret: deps.google.clientSecret,
              mapProfileToUser: (profile) => ({
                firstName: profile.given_name ?? null,
                lastName: profile.family_name ?? null,
              }),
            },
          },
        }
      : {}),
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"] },
    },
    databaseHooks: {
      user: {
        // Names lose control and bidi formatting characters (a right-to-left override makes a
        // name read differently from what it is), whichever route wrote them.
        create: {
          before: async (user) => ({ data: { ...user, ...cleanNames(user) } }),
          after: async (user) => {
            await syncProfile(user);
            // Everyone starts with a personal workspace they own (decision 026).
            const u = user as {
              id: string;
              email: string;
              firstName?: string | null;
              lastName?: string | null;
            };
            await ensurePersonalWorkspace(db, {
              userId: u.id,
              name: personalWorkspaceName(
                [u.firstName, u.lastName].filter(Boolean).join(" ") || null,
                u.email,
              ),
            });
          },
        },
        update: {
          before: async (user) => ({ data: { ...user, ...cleanNames(user) } }),
          after: async (user) => syncProfile(user),
        },
      },
      session: {
        create: {
          after: async (session) => {
            await deleteSessionsBeyondNewest(db, session.userId, MAX_SESSIONS_PER_USER);
          },
        },
      },
    },
    rateLimit: {
      enabled: !deps.rateLimitsOff,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: 60, max: deps.rateLimits?.signIn ?? 5 },
        "/sign-up/email": { window: 300, max: deps.rateLimits?.signUp ?? 10 },
        "/request-password-reset": { window: 300, max: deps.rateLimits?.recovery ?? 5 },
        "/send-verification-email": { window: 300, max: deps.rateLimits?.recovery ?? 5 },
        "/two-factor/*": { window: 60, max: 10 },
        "/phone-number/*": { window: 300, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: "sightline",
      useSecureCookies: publicUrl.protocol === "https:",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Spec §5: the sign-up password rule holds on the server too.
        const body = ctx.body as Record<string, unknown> | undefined;
        const overlong = overlongAuthField(body);
        if (overlong) {
          throw new APIError("BAD_REQUEST", {
            message: `The field ${overlong} is too long.`,
            code: "FIELD_TOO_LONG",
          });
        }
        // Every phone number the auth routes take (sign-up's and the profile's `phone`, the
        // texted-code routes' `phoneNumber`) is E.164 by libphonenumber's rules.
        for (const field of ["phone", "phoneNumber"] as const) {
          const value = body?.[field];
          if (typeof value === "string" && value !== "" && !isE164Phone(value)) {
            throw new APIError("BAD_REQUEST", {
              message: phoneMessages.invalid,
              code: "INVALID_PHONE_NUMBER",
            });
          }
        }
        const password =
          ctx.path === "/sign-up/email"
            ? body?.password
            : ctx.path === "/reset-password" || ctx.path === "/change-password"
              ? body?.newPassword
              : undefined;
        if (typeof password === "string" && !isValidSignUpPassword(password)) {
          throw new APIError("BAD_REQUEST", {
            message: authMessages.passwordRule,
            code: "WEAK_PASSWORD",
          });
        }
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", {
            message: authMessages.commonPassword,
            code: "COMMON_PASSWORD",
          });
        }
        if (ctx.path === "/sign-up/email" && body && typeof body === "object") {
          // A phone number is stored only once verified (/phone-number/verify): one named at
          // sign-up would reserve it (the column is unique) and block its real owner.
          delete body.phoneNumber;
          delete body.phoneNumberVerified;
          const first = typeof body.firstName === "string" ? body.firstName.trim() : "";
          const last = typeof body.lastName === "string" ? body.lastName.trim() : "";
          const email = typeof body.email === "string" ? body.email : "";
          body.name = displayName(first, last, email);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/get-session") {
          await setAccessTokenHeader(ctx, jwtOptions);
          return;
        }
        // Better Auth revokes what one listing returns (at most 100 sessions): finish the job.
        if (ctx.path === "/revoke-other-sessions" || ctx.path === "/revoke-sessions") {
          const current = ctx.context.session;
          if (current?.user && !(ctx.context.returned instanceof Error)) {
            await deleteOtherSessions(
              db,
              current.user.id,
              ctx.path === "/revoke-sessions" ? "" : current.session.token,
            );
          }
          return;
        }
        if (!secondFactorPaths.has(ctx.path)) return;
        // A passkey counts as a verified factor only when the authenticator verified the user.
        if (ctx.path === "/passkey/verify-authentication" && !assertionVerifiedUser(ctx.body))
          return;
        const session = ctx.context.newSession ?? ctx.context.session;
        if (session?.session?.token) {
          await ctx.context.internalAdapter.updateSession(session.session.token, { aal: "aal2" });
        }
      }),
    },
    plugins: [
      twoFactor({
        issuer: "Sightline",
        otpOptions: {
          sendOTP: async ({ user, otp }) => {
            const phone = (user as { phoneNumber?: string | null }).phoneNumber;
            if (!phone) {
              throw new APIError("BAD_REQUEST", {
                message: "Add and verify a phone number before using text-message codes.",
              });
            }
            await mailer.sendSms({ to: phone, text: `Your Sightline sign-in code is ${otp}` });
          },
        },
      }),
      phoneNumber({
        phoneNumberValidator: isE164Phone,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await mailer.sendSms({ to, text: `Your Sightline verification code is ${code}` });
        },
      }),
      passkey({ rpID: publicUrl.hostname, rpName: "Sightline", origin: publicUrl.origin }),
      jwt(jwtOptions),
    ],
    logger: { log: authLog(logger) },
  });
  return auth;
}

/**
 * The web app's access token (a JWT, 15 minutes) in `set-auth-jwt` on `/api/auth/get-session`'s
 * HTTP answer, as the jwt plugin's own hook does. That hook (turned off by
 * `disableSettingJwtHeader`) signed one on every session lookup, the server's own too: each
 * cookie-signed API call read the signing key from the database, decrypted it and signed a token
 * that went nowhere. A lookup from the server (`auth.api.getSession`) has no HTTP request.
 */
async function setAccessTokenHeader(
  ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
  options: JwtOptions,
) {
  if (!ctx.request) return;
  const session = ctx.context.session ?? ctx.context.newSession;
  if (!session?.session) return;
  const token = await getJwtToken(ctx, options);
  const exposed = new Set(
    (ctx.context.responseHeaders?.get("access-control-expose-headers") ?? "")
      .split(",")
      .map((header) => header.trim())
      .filter(Boolean),
  );
  exposed.add("set-auth-jwt");
  ctx.setHeader("set-auth-jwt", token);
  ctx.setHeader("Access-Control-Expose-Headers", [...exposed].join(", "));
}

/**
 * Better Auth's log lines into ours. Its errors come as arguments beside the message; an Error
 * there is serialised as ours are (message, code, the failed query without its parameters, and
 * its cause: a "Failed query" says why only in its cause), where JSON would keep nothing of it.
 */
export function authLog(logger: Logger) {
  return (
    level: "debug" | "info" | "success" | "warn" | "error",
    message: string,
    ...args: unknown[]
  ) => {
    const log = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
    const serialised = args.map((arg) => (arg instanceof Error ? serializeError(arg) : arg));
    log.call(logger, { args: serialised }, `auth: ${message}`);
  };
}

export type Auth = ReturnType<typeof createAuth>;
