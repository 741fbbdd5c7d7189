export { createWebHandler } from "./web-handler.ts";
