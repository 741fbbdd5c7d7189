import type { Database } from "@sightline/db";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./app-types.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import { apiNotFound, handleError } from "./middleware/errors.ts";
import { requestLogger } from "./middleware/request-logger.ts";
import { healthRoutes } from "./routes/health.ts";
import { createWebHandler } from "./routes/web.ts";

export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  version: string;
  /** Folder of the built web app; omitted in API-only tests. */
  webDistDir?: string;
}

/** Every JSON route, chained so that its type describes the whole API for hono/client. */
function createApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route(
    "/health",
    healthRoutes({
      dbKind: deps.database.kind,
      ping: () => deps.database.ping(),
      version: deps.version,
    }),
  );
}

/** The one composition root: middleware order and mounts. */
export function createApp(deps: AppDeps) {
  const api = createApiRoutes(deps);
  const app = new Hono<AppEnv>();
  app.use("*", requestId({ headerName: "X-Request-Id" }));
  app.use("*", requestLogger(deps.logger));
  app.onError(handleError);

  app.route("/api", api);
  app.all("/api/*", apiNotFound);

  if (deps.webDistDir) {
    const serveWeb = createWebHandler(deps.webDistDir);
    app.use("*", compress());
    app.on(["GET", "HEAD"], "*", serveWeb);
  }
  app.notFound((c) => c.text("Not found", 404));
  return app;
}

/** The API's type for `hc<AppType>("/api")` in the web app. */
export type AppType = ReturnType<typeof createApiRoutes>;
