export { postCommentRoutes } from "./routes.ts";
