export { mediaProxyRoutes } from "./media-proxy-routes.ts";
