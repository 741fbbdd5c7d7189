import { routes } from "./router.tsx";
import type { AppRoute } from "./routes/lazy-page.ts";

/**
 * Every concrete path the router renders (":param" segments kept as written), for the server:
 * a path that matches none of them gets a 404 status with the app, which shows the not-found page.
 */
function collect(list: AppRoute[], parent: string): string[] {
  return list.flatMap((route) => {
    if (route.path === "*") return [];
    const here = route.path
      ? `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}`
      : parent;
    const own = route.path || route.index ? [here || "/"] : [];
    return [...own, ...collect(route.children ?? [], here)];
  });
}

export const clientRoutePaths: string[] = [...new Set(collect(routes, ""))];
