import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-types.ts";

const loopbackNames = ["localhost", "127.0.0.1", "[::1]"];

/** The host names this server answers to: PUBLIC_URL's, every loopback name for a local one, and any extra. */
export function allowedHostNames(publicUrl: string, extra: readonly string[] = []): Set<string> {
  const { hostname } = new URL(publicUrl);
  return new Set(
    [hostname, ...(loopbackNames.includes(hostname) ? loopbackNames : []), ...extra].map((name) =>
      name.toLowerCase(),
    ),
  );
}

function hostNameOf(host: string): string {
  // "[::1]:3000" → "[::1]", "example.com:443" → "example.com"
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return name.toLowerCase();
}

/**
 * DNS rebinding: a page on attacker.example whose name is made to resolve to this machine can
 * read whatever this server answers (the dev mailbox's links, the sandbox), because to the
 * browser it is same-origin with the attacker. The Host header still names attacker.example, so
 * only the configured names are served. /api/health stays open for load balancers that probe
 * by address.
 */
export function hostCheck(allowed: Set<string>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.path === "/api/health") return next();
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (!allowed.has(hostNameOf(host))) {
      return c.text("Unknown host name. Open this site at its configured address.", 421);
    }
    return next();
  });
}
