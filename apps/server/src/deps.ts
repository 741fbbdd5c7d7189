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
  const publicUrl = new URL(env.publicUrl);
  const trustedOrigins = [
    ...new Set([
      publicUrl.origin,
      // On this machine, localhost and 127.0.0.1 are the same place: accept both.
      ...(["localhost", "127.0.0.1"].includes(publicUrl.hostname)
        ? ["localhost", "127.0.0.1"].map(
            (host) => `${publicUrl.protocol}//${host}${publicUrl.port ? `:${publicUrl.port}` : ""}`,
          )
        : []),
      // `npm run dev` serves the web app from Vite on :5173, proxying /api here.
      ...(env.nodeEnv === "development" ? ["http://localhost:5173", "http://127.0.0.1:5173"] : []),
    ]),
  ];
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
