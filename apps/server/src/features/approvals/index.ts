export { approvalRoutes, publicReviewLinkRoutes } from "./routes.ts";
