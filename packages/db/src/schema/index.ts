export * from "./app-settings.ts";
