export {
  type AccountKpis,
  type AccountPost,
  type AccountPostsQuery,
  type AccountReadDeps,
  listTokenAccounts,
  readAccountConversations,
  readAccountKpis,
  readAccountPosts,
} from "./account-reads.ts";
export {
  type ApiToken,
  auditApiRequests,
  authenticateToken,
  type PublicApiDeps,
  scopeRefusal,
  type TokenEnv,
} from "./authenticate.ts";
export { type OpenApiDocument, openApiPath } from "./openapi.ts";
export { publicApiDocument } from "./openapi-document.ts";
export { accessTokenRoutes } from "./token-routes.ts";
export { newAccessToken } from "./tokens.ts";
export { type PublicApiRoutesDeps, publicApiRoutes } from "./v1-routes.ts";
