import type { EventBus } from "../../platform/event-bus.ts";
import type { Storage } from "../../platform/storage.ts";
import type { InstagramContext } from "../instagram/index.ts";
import type { PublicApiDeps } from "../public-api/index.ts";

/** What the MCP server is built with (app.ts, from the root's deps). */
export type McpDeps = PublicApiDeps & {
  storage: Storage;
  events: EventBus;
  instagram: InstagramContext;
  /** The app's public origin (the inbox's pictures are served under it). */
  publicUrl: string;
  /** Keys the write tools' confirmations (derived from the app's secret for this one use). */
  confirmationSecret: string;
  /** The server's version, told to clients when they connect. */
  version: string;
};
