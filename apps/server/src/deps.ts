import type { Database } from "@sightline/db";
import { type Auth, createAuth } from "./auth/create-auth.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import { createDevMailbox, createSmtpMailer, type Mailer } from "./services/mail/mailer.ts";

export interface Services {
  mailer: Mailer;
  auth: Auth;
  trustedOrigins: string[];
}

/** Builds the services every entry point (server, tests) composes the app from. */
export function createServices(options: {
  env: Env;
  database: Database;
  logger: Logger;
  secret: string;
  mailer?: Mailer;
  rateLimits?: { signIn?: number; signUp?: number; recovery?: number };
}): Services {
  const { env, database, logger } = options;
  const mailer =
    options.mailer ??
    (env.smtpUrl
      ? createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom, logger })
      : createDevMailbox({ db: database.db, logger, print: env.nodeEnv !== "test" }));
  const publicOrigin = new URL(env.publicUrl).origin;
  // `npm run dev` serves the web app from Vite on :5173, proxying /api here.
  const trustedOrigins =
    env.nodeEnv === "development"
      ? [publicOrigin, "http://localhost:5173", "http://127.0.0.1:5173"]
      : [publicOrigin];
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    secret: options.secret,
    publicUrl: env.publicUrl,
    trustedOrigins,
    google: env.google,
    rateLimits: options.rateLimits,
  });
  return { mailer, auth, trustedOrigins };
}
