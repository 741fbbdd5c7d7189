import type { AccessTokenScope, AccessTokenSummary } from "@sightline/contracts";
import { expect } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "./create-test-app.ts";
import type { HttpClient } from "./http-client.ts";

/** The answer's JSON, after checking its status (the body is shown when it is not). */
export async function jsonOf<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A personal access token of the signed-in member (Settings → Developers' request). */
export async function createApiToken(
  client: HttpClient,
  scopes: AccessTokenScope[],
  headers: Record<string, string> = {},
): Promise<{ token: string; accessToken: AccessTokenSummary }> {
  return jsonOf(
    await client.request("/api/workspaces/current/tokens", {
      method: "POST",
      headers,
      json: { name: "Test token", scopes, expiresInDays: 30 },
    }),
    201,
  );
}

/** A request to /api/v1 as an API client sends it: the token, no cookie, no Origin. */
export function v1Request(
  testApp: TestApp,
  token: string | undefined,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const { json, ...rest } = init;
  return Promise.resolve(
    testApp.app.request(`${TEST_PUBLIC_URL}/api/v1${path}`, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    }),
  );
}
