export type { ApiToken, PublicApiDeps } from "./authenticate.ts";
export { type OpenApiDocument, openApiPath } from "./openapi.ts";
export { publicApiDocument } from "./openapi-document.ts";
export { accessTokenRoutes } from "./token-routes.ts";
export { newAccessToken } from "./tokens.ts";
export { type PublicApiRoutesDeps, publicApiRoutes } from "./v1-routes.ts";
