export type { ApiToken, PublicApiDeps } from "./authenticate.ts";
export { accessTokenRoutes } from "./token-routes.ts";
export { newAccessToken } from "./tokens.ts";
export { type PublicApiRoutesDeps, publicApiRoutes } from "./v1-routes.ts";
