export * from "./client.ts";
export { DataDirLockedError } from "./lock.ts";
export * from "./queries/app-settings.ts";
export * from "./queries/data-deletion.ts";
export * from "./queries/dev-mailbox.ts";
export * from "./queries/profiles.ts";
export * from "./queries/support-requests.ts";
export * from "./schema/index.ts";
export * as schema from "./schema/index.ts";
