import { createHmac } from "node:crypto";
import type { createApp } from "../app.ts";
import { TEST_PUBLIC_URL } from "./create-test-app.ts";

type App = ReturnType<typeof createApp>;

/**
 * A browser-like client for in-process requests: a cookie jar, the app's Origin, one IP.
 * `origin`: the app's PUBLIC_URL origin when a test gives it another (TEST_PUBLIC_URL otherwise).
 */
export function createHttpClient(app: App, options: { ip?: string; origin?: string } = {}) {
  const origin = options.origin ?? TEST_PUBLIC_URL;
  const cookies = new Map<string, string>();
  const ip =
    options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    headers.set("x-forwarded-for", ip);
    if (cookies.size > 0) {
      headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await app.request(`${origin}${path}`, {
      ...init,
      headers,
      body,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (!value || /max-age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  return {
    request,
    get: (path: string, init?: RequestInit) => request(path, { ...init, method: "GET" }),
    post: (path: string, json?: unknown, init?: RequestInit) =>
      request(path, { ...init, method: "POST", json: json ?? {} }),
    cookies,
    clearCookies: () => cookies.clear(),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from an otpauth:// URI, as an authenticator app does. */
export function totpFromUri(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, "0");
}
