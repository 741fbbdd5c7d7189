import { WORKSPACE_HEADER, type WorkspaceRole } from "@sightline/contracts";
import { expect } from "vitest";
import type { TestApp } from "./create-test-app.ts";
import { createVerifiedUser, mailboxFor, uniqueEmail } from "./factories.ts";
import type { HttpClient } from "./http-client.ts";

/** A member's client acting in one workspace (the workspace header on every request). */
export function inWorkspace(http: HttpClient, workspaceId: string) {
  const request = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    http.request(path, {
      ...init,
      headers: {
        ...Object.fromEntries(new Headers(init.headers)),
        [WORKSPACE_HEADER]: workspaceId,
      },
    });
  return {
    http,
    request,
    get: (path: string) => request(path, { method: "GET" }),
    post: (path: string, body?: unknown) => request(path, { method: "POST", json: body ?? {} }),
    put: (path: string, body?: unknown) => request(path, { method: "PUT", json: body ?? {} }),
    patch: (path: string, body?: unknown) => request(path, { method: "PATCH", json: body ?? {} }),
    delete: (path: string) => request(path, { method: "DELETE" }),
  };
}

export type WorkspaceClient = ReturnType<typeof inWorkspace>;

/** The response's JSON body, after checking its status (the body is the failure's message). */
export async function jsonOf<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * A new member of `workspaceId` with `role`, as a person joins: invited by `inviter` (who may
 * invite), signed up with the invited address, and accepting the e-mailed link.
 */
export async function joinWorkspace(
  testApp: TestApp,
  inviter: WorkspaceClient,
  workspaceId: string,
  role: Exclude<WorkspaceRole, "owner">,
  options: { firstName?: string } = {},
) {
  const email = uniqueEmail(role);
  await jsonOf(await inviter.post("/api/workspaces/current/invitations", { email, role }), 201);
  const member = await createVerifiedUser(testApp, { email, ...options });
  const link = (await mailboxFor(member.client, email))
    .flatMap((message) => message.links)
    .find((candidate) => /invitations\/accept/.test(candidate));
  const token = link ? (new URL(link).searchParams.get("token") ?? "") : "";
  await jsonOf(await member.client.post("/api/invitations/accept", { token }));
  return { ...member, email, in: inWorkspace(member.client, workspaceId) };
}
