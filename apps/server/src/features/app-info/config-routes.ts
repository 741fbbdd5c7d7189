import type { PublicConfig } from "@sightline/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";

/** What the web app may know about this installation: never a secret. */
export function configRoutes(config: PublicConfig) {
  return new Hono<AppEnv>().get("/", (c) => c.json(config));
}
