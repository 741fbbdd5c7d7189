import { buildOpenApiDocument } from "./openapi.ts";
import { type PublicApiRoutesDeps, publicApiRoutes } from "./v1-routes.ts";

/**
 * The document without a running app, for the web build (the /developers page is prerendered
 * from it) and the tests. The routes keep their dependencies for requests only, so a router
 * built without any lists the same routes as the app's.
 */
export function publicApiDocument() {
  return buildOpenApiDocument(publicApiRoutes({} as PublicApiRoutesDeps).routes);
}
