export * from "./auth.ts";
export * from "./caption-rules.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./notifications.ts";
export * from "./realtime.ts";
export * from "./settings.ts";
export * from "./support.ts";
