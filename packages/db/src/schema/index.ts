export * from "./app-settings.ts";
export * from "./auth.ts";
export * from "./data-deletion.ts";
export * from "./data-exports.ts";
export * from "./dev-mailbox.ts";
export * from "./inbox.ts";
export * from "./profiles.ts";
export * from "./support-requests.ts";
