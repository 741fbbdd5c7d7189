export { devMailboxApiRoutes, devMailboxPage } from "./dev-mailbox-routes.ts";
