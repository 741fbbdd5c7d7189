import { crc32, deflateSync } from "node:zlib";
import {
  can,
  WORKSPACE_HEADER,
  type WorkspaceAction,
  type WorkspaceRole,
} from "@sightline/contracts";
import { auditEvents } from "@sightline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, uniqueEmail } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { pruneAuditJob } from "./prune-audit.job.ts";
import { MAX_LOGO_BYTES } from "./routes.ts";

/** A solid-colour PNG of `width` × `height`. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7c)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(pixels)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/*
 * Workspaces (issue 29): members join by an e-mailed invitation, see the workspace's shared
 * Instagram account, and may do exactly what their role allows; every route of the API is walked
 * with every role (a route added later must be given its action below, or the walk fails).
 */

let testApp: TestApp;
/** The owner: a user with the demo account connected and synced (the run's shared snapshot). */
let synced: Awaited<ReturnType<typeof createTestAppWithSyncedAccount>>;
beforeAll(async () => {
  // Premium: the plan with team members (issue 30).
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium" },
  );
  testApp = synced.testApp;
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Sends requests in `workspaceId` (the header the web app sends). */
function inWorkspace(client: HttpClient, workspaceId: string) {
  const request = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    client.request(path, {
      ...init,
      headers: {
        ...Object.fromEntries(new Headers(init.headers)),
        [WORKSPACE_HEADER]: workspaceId,
      },
    });
  return {
    request,
    get: (path: string) => request(path, { method: "GET" }),
    post: (path: string, body?: unknown) => request(path, { method: "POST", json: body ?? {} }),
    patch: (path: string, body?: unknown) => request(path, { method: "PATCH", json: body ?? {} }),
    delete: (path: string) => request(path, { method: "DELETE" }),
  };
}

/** The token of the newest invitation e-mailed to `email`. */
async function invitationToken(client: HttpClient, email: string) {
  for (const message of await mailboxFor(client, email)) {
    const link = message.links.find((candidate) => /invitations\/accept/.test(candidate));
    if (link) return new URL(link).searchParams.get("token")!;
  }
  throw new Error(`no invitation in the mailbox of ${email}`);
}

type Current = { current: { id: string; role: WorkspaceRole; personal: boolean } };

/** The owner invites `role`; a new user signs up with the invited address and accepts. */
async function join(owner: ReturnType<typeof inWorkspace>, role: Exclude<WorkspaceRole, "owner">) {
  const email = uniqueEmail(role);
  const invited = await owner.post("/api/workspaces/current/invitations", { email, role });
  expect(invited.status).toBe(201);
  const member = await createVerifiedUser(testApp, { email });
  const token = await invitationToken(member.client, email);
  const preview = await json<{ workspace: string; role: string; matches: boolean }>(
    await member.client.post("/api/invitations/preview", { token }),
  );
  expect(preview).toMatchObject({ role, matches: true });
  const accepted = await json<{ id: string; role: string }>(
    await member.client.post("/api/invitations/accept", { token }),
  );
  expect(accepted.role).toBe(role);
  return { ...member, token, workspaceId: accepted.id };
}

describe("workspaces, members and roles", () => {
  let owner: { client: HttpClient; email: string };
  let ownerIn: ReturnType<typeof inWorkspace>;
  let workspaceId: string;
  let connectionId: string;

  beforeAll(async () => {
    owner = { client: synced.client, email: synced.email };
    const mine = await json<Current>(await owner.client.get("/api/workspaces"));
    expect(mine.current).toMatchObject({ role: "owner", personal: true });
    workspaceId = mine.current.id;
    ownerIn = inWorkspace(owner.client, workspaceId);
    // Connected through the app into the owner's personal workspace.
    expect(synced.connection.workspace_id).toBe(workspaceId);
    connectionId = synced.connection.id;
  });

  it("an invited analyst joins, reads the shared account, and cannot write", async () => {
    const analyst = await join(ownerIn, "analyst");
    expect(analyst.workspaceId).toBe(workspaceId);
    // Both workspaces are theirs to open; the one they just joined opens first.
    const listed = await json<{
      current: { id: string };
      workspaces: Array<{ id: string; role: string; personal: boolean }>;
    }>(await analyst.client.get("/api/workspaces"));
    expect(listed.current.id).toBe(workspaceId);
    expect(listed.workspaces.map((w) => [w.role, w.personal]).sort()).toEqual([
      ["analyst", false],
      ["owner", true],
    ]);
    const as = inWorkspace(analyst.client, workspaceId);
    const shared = await json<{ connection: { id: string; instagram_username: string } }>(
      await as.get("/api/instagram/connection"),
    );
    expect(shared.connection).toMatchObject({ id: connectionId, instagram_username: "lena.makes" });
    expect((await as.get("/api/analytics/overview?period=30d")).status).toBe(200);
    // Their own personal workspace has no account.
    const personal = listed.workspaces.find((w) => w.personal)!;
    const own = await json<{ connection: unknown }>(
      await inWorkspace(analyst.client, personal.id).get("/api/instagram/connection"),
    );
    expect(own.connection).toBeNull();
    // No writes: publishing, inbox, members, connections.
    const refused = await as.post("/api/scheduled-posts/check", {
      items: [],
      caption: "x",
      scheduled_time: new Date(Date.now() + 3_600_000).toISOString(),
      time_zone: "UTC",
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Your role (Analyst) cannot do this here.",
    );
    expect(
      (
        await as.post("/api/workspaces/current/invitations", {
          email: uniqueEmail(),
          role: "editor",
        })
      ).status,
    ).toBe(403);
    expect(
      (await as.request("/api/instagram/connection", { method: "DELETE", json: {} })).status,
    ).toBe(403);
    expect((await as.get("/api/workspaces/current/audit")).status).toBe(403);
    // The invitation worked once.
    expect(
      (await analyst.client.post("/api/invitations/accept", { token: analyst.token })).status,
    ).toBe(404);
  }, 120_000);

  it("a foreign workspace id is not found, and an invitation opens only for its address", async () => {
    const stranger = await createVerifiedUser(testApp);
    const response = await inWorkspace(stranger.client, workspaceId).get(
      "/api/instagram/connection",
    );
    expect(response.status).toBe(404);
    expect((await inWorkspace(stranger.client, "not-a-uuid").get("/api/workspaces")).status).toBe(
      404,
    );
    const email = uniqueEmail("invited");
    await ownerIn.post("/api/workspaces/current/invitations", { email, role: "editor" });
    const token = await invitationToken(stranger.client, email);
    const wrong = await stranger.client.post("/api/invitations/accept", { token });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      `This invitation is for ${email}. Sign in with that address to accept it.`,
    );
    // Revoked: gone for everyone.
    const { invitations } = await json<{ invitations: Array<{ id: string; email: string }> }>(
      await ownerIn.get("/api/workspaces/current/members"),
    );
    const pending = invitations.find((i) => i.email === email)!;
    expect((await ownerIn.delete(`/api/workspaces/current/invitations/${pending.id}`)).status).toBe(
      204,
    );
    const invitee = await createVerifiedUser(testApp, { email });
    expect((await invitee.client.post("/api/invitations/accept", { token })).status).toBe(404);
  }, 120_000);

  it("roles change, members go, ownership moves, and the audit log says who did what", async () => {
    const editor = await join(ownerIn, "analyst");
    const as = inWorkspace(editor.client, workspaceId);
    const members = await json<{ members: Array<{ userId: string; email: string; role: string }> }>(
      await ownerIn.get("/api/workspaces/current/members"),
    );
    const me = members.members.find((m) => m.email === editor.email)!;
    expect(
      (await ownerIn.patch(`/api/workspaces/current/members/${me.userId}`, { role: "editor" }))
        .status,
    ).toBe(200);
    // Now an editor: the pre-publish check answers (400 for an empty draft, not 403).
    const check = await as.post("/api/scheduled-posts/check", {
      items: [],
      caption: "x",
      scheduled_time: new Date(Date.now() + 3_600_000).toISOString(),
      time_zone: "UTC",
    });
    expect(check.status).not.toBe(403);
    // The owner cannot be removed or demoted; the owner hands over, then is an admin.
    const ownerRow = members.members.find((m) => m.email === owner.email)!;
    expect(
      (await ownerIn.delete(`/api/workspaces/current/members/${ownerRow.userId}`)).status,
    ).toBe(403);
    expect((await ownerIn.post("/api/workspaces/current/leave")).status).toBe(403);
    expect(
      (await ownerIn.post("/api/workspaces/current/transfer", { userId: me.userId })).status,
    ).toBe(200);
    const after = await json<{ members: Array<{ email: string; role: string }> }>(
      await as.get("/api/workspaces/current/members"),
    );
    expect(after.members.filter((m) => m.role === "owner").map((m) => m.email)).toEqual([
      editor.email,
    ]);
    expect(after.members.find((m) => m.email === owner.email)?.role).toBe("admin");
    // And back, so the other tests keep their owner.
    expect(
      (await as.post("/api/workspaces/current/transfer", { userId: ownerRow.userId })).status,
    ).toBe(200);
    // A removed member finds the workspace no more.
    expect((await ownerIn.delete(`/api/workspaces/current/members/${me.userId}`)).status).toBe(204);
    expect((await as.get("/api/instagram/connection")).status).toBe(404);

    const log = await json<{
      events: Array<{ action: string; actorEmail: string | null; target: string | null }>;
    }>(await ownerIn.get("/api/workspaces/current/audit"));
    const actions = log.events.map((e) => e.action);
    for (const action of [
      "instagram.connected",
      "member.invited",
      "member.joined",
      "member.role_changed",
      "workspace.ownership_transferred",
      "member.removed",
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(log.events.find((e) => e.action === "member.removed")).toMatchObject({
      actorEmail: owner.email,
      target: editor.email,
    });
    const filtered = await json<{ events: Array<{ action: string }> }>(
      await ownerIn.get("/api/workspaces/current/audit?action=member."),
    );
    expect(filtered.events.length).toBeGreaterThan(0);
    expect(filtered.events.every((e) => e.action.startsWith("member."))).toBe(true);
    const csv = await ownerIn.get("/api/workspaces/current/audit?format=csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("created_at,actor,action,account_id,target,details");
    expect(lines.some((line) => line.includes("member.removed"))).toBe(true);
  }, 120_000);

  /**
   * What each route of the API needs: a workspace action (walked with every role in the owner's
   * workspace: 403 exactly when the role lacks it), "user" (acts on the caller alone, whatever
   * their role) or "excluded" (not walked here, with the reason in a comment). A route missing
   * here fails the walk, so a route added later is given its rule.
   */
  const routeActions: Record<
    string,
    WorkspaceAction | readonly WorkspaceAction[] | "user" | "excluded"
  > = {
    // Middleware mounts and the not-found fallback, not routes.
    "ALL /api/*": "excluded",
    "ALL /api/inbox/*": "excluded",
    "ALL /api/analytics/*": "excluded",
    "ALL /api/press-radar/*": "excluded",
    "ALL /api/trend-radar/*": "excluded",
    "ALL /api/mentions/*": "excluded",
    "ALL /api/ai-team/*": "excluded",
    "ALL /api/automations/*": "excluded",
    "ALL /api/settings/*": "excluded",
    // Better Auth, health and config, Meta's signed callbacks, development and test routes.
    "GET /api/auth/*": "excluded",
    "POST /api/auth/*": "excluded",
    "GET /api/health": "excluded",
    "GET /api/ready": "excluded",
    "GET /api/config": "excluded",
    "POST /api/meta/data-deletion": "excluded",
    "POST /api/meta/deauthorize": "excluded",
    "GET /api/meta/data-deletion/status": "excluded",
    "GET /api/dev/mailbox": "excluded",
    "GET /api/dev/mailbox/:id/attachments/:index": "excluded",
    "POST /api/test/inbox/messages": "excluded",
    "POST /api/test/inbox/comments": "excluded",
    "POST /api/test/plan": "excluded",
    "GET /api/plan": "read",
    // Billing: the state is read by every member, bought and managed by the owner; Stripe's
    // webhook has no session and is authenticated by its signature (billing.int.test.ts).
    "GET /api/billing": "read",
    "POST /api/billing/checkout": "owner",
    "POST /api/billing/portal": "owner",
    "POST /api/billing/webhook": "excluded",
    // The live stream: its answer is headers and then a stream, which the walk closes at once.
    // A Client reviews: their stream carries only what they review (realtime/routes.test.ts).
    "GET /api/realtime": ["read", "review"],
    // The caller's own account, sessions and support requests.
    "GET /api/me": "user",
    "POST /api/session/sign-out": "user",
    "POST /api/support/requests": "user",
    "GET /api/settings": "user",
    "PATCH /api/settings/profile": "user",
    "GET /api/settings/sessions": "user",
    "POST /api/settings/sessions/:id/revoke": "user",
    "POST /api/settings/exports": "user",
    "GET /api/settings/exports/latest": "user",
    "GET /api/settings/exports/:id/download": "user",
    "POST /api/settings/delete-account": "user",
    "GET /api/functions/instagram-media-proxy": "user",
    // Workspaces and invitations.
    "GET /api/workspaces": "user",
    "POST /api/workspaces": "user",
    "POST /api/workspaces/current/open": "user",
    "PATCH /api/workspaces/current": "members",
    "PUT /api/workspaces/current/logo": "members",
    "DELETE /api/workspaces/current/logo": "members",
    "GET /api/workspaces/current/members": "user",
    "POST /api/workspaces/current/invitations": "members",
    "DELETE /api/workspaces/current/invitations/:id": "members",
    "PATCH /api/workspaces/current/members/:userId": "members",
    "DELETE /api/workspaces/current/members/:userId": "members",
    "POST /api/workspaces/current/leave": "user",
    "POST /api/workspaces/current/transfer": "owner",
    "GET /api/workspaces/current/audit": "audit",
    // Settings → Developers: every role that reads makes and revokes its own tokens (scopes
    // bounded by the role, public-api.int.test.ts); a Client none.
    "GET /api/workspaces/current/tokens": "read",
    "POST /api/workspaces/current/tokens": "read",
    "DELETE /api/workspaces/current/tokens/:id": "read",
    // The public API: personal access tokens, never a session (a session here is a 401); each
    // route with a token of each scope and role in public-api.int.test.ts.
    "ALL /api/v1/*": "excluded",
    // The API's OpenAPI document: public, no workspace's data (decision 035).
    "GET /api/v1/openapi.json": "excluded",
    "POST /api/invitations/preview": "user",
    "POST /api/invitations/accept": "user",
    // Instagram connection.
    "GET /api/instagram/connection": "read",
    "GET /api/instagram/connections": "read",
    "POST /api/instagram/connections/:instagramId/keep": "connections",
    "POST /api/instagram/connect": "connections",
    "POST /api/instagram/connect/callback": "connections",
    "POST /api/instagram/sync": "read",
    "DELETE /api/instagram/connection": "connections",
    "GET /api/instagram/connect-links": "connections",
    "POST /api/instagram/connect-links": "connections",
    "DELETE /api/instagram/connect-links/:id": "connections",
    // Public: a connect link's visitor has no session; the link's token is the credential
    // (connect-links.int.test.ts).
    "POST /api/connect-links/preview": "excluded",
    "POST /api/connect-links/start": "excluded",
    "POST /api/connect-links/callback": "excluded",
    "POST /api/functions/instagram-refresh-profile": "read",
    "POST /api/functions/instagram-user-profile-get": "read",
    "POST /api/functions/instagram-user-lookup": "publish",
    // Inbox.
    "GET /api/inbox/conversations": "read",
    "GET /api/inbox/conversations/:id": "read",
    "GET /api/inbox/conversations/:id/messages": "read",
    "POST /api/inbox/conversations/:id/messages": "inbox:write",
    "POST /api/inbox/conversations/:id/read": "inbox:write",
    "GET /api/inbox/posts/:id/comments": "read",
    "POST /api/inbox/comments/:id/replies": "inbox:write",
    "POST /api/inbox/comments/:id/private-reply": "inbox:write",
    "POST /api/inbox/comments/:id/hide": "inbox:write",
    "DELETE /api/inbox/comments/:id": "inbox:write",
    "GET /api/inbox/response-times": "read",
    "GET /api/inbox/saved-replies": "read",
    "POST /api/inbox/saved-replies": "inbox:write",
    "PUT /api/inbox/saved-replies/:id": "inbox:write",
    "DELETE /api/inbox/saved-replies/:id": "inbox:write",
    "GET /api/inbox/labels": "read",
    "POST /api/inbox/labels": "inbox:write",
    "PATCH /api/inbox/labels/:id": "inbox:write",
    "DELETE /api/inbox/labels/:id": "inbox:write",
    "PUT /api/inbox/conversations/:kind/:id/labels": "inbox:write",
    // Composer, publishing and the content scheduler.
    "POST /api/functions/instagram-optimal-times": "read",
    "POST /api/functions/instagram-caption-generate": "publish",
    "POST /api/functions/instagram-video-init": "publish",
    "POST /api/functions/instagram-video-upload": "publish",
    "POST /api/functions/instagram-video-status": "publish",
    "POST /api/functions/instagram-photo-post": "publish",
    "POST /api/functions/instagram-publish-post": "publish",
    "POST /api/uploads/:bucket": "publish",
    "POST /api/scheduled-posts/check": "publish",
    "GET /api/scheduled-posts": "read",
    "POST /api/scheduled-posts": "publish",
    "POST /api/scheduled-posts/publish-now": "publish",
    "PUT /api/scheduled-posts/:id": "publish",
    "GET /api/scheduled-posts/:id": "read",
    "POST /api/scheduled-posts/:id/retry": "publish",
    "DELETE /api/scheduled-posts/:id": "publish",
    "GET /api/content-calendar": "read",
    "GET /api/content-calendar/best-times": "read",
    "GET /api/content-calendar/posts/:id": "read",
    "GET /api/content-calendar/posts/:id/thumbnail": "read",
    "GET /api/content-calendar/media/:igMediaId/thumbnail": "read",
    "PATCH /api/content-calendar/posts/:id": "publish",
    "POST /api/content-calendar/posts/:id/cancel": "publish",
    "POST /api/content-calendar/posts/:id/publish-now": "publish",
    "POST /api/content-calendar/posts/:id/duplicate": "publish",
    // The bell: the account's events for roles that read, what is addressed to them for roles
    // that review (a Client: posts sent to them, @mentions; decision 037 addendum).
    "GET /api/notifications": ["read", "review"],
    // Analytics.
    "GET /api/analytics/audience": "read",
    "GET /api/analytics/benchmarks": "read",
    "GET /api/analytics/posts.csv": "export",
    "GET /api/analytics/overview": "read",
    "GET /api/analytics/accounts": "read",
    "GET /api/analytics/posts": "read",
    "POST /api/analytics/posts/:igMediaId/refresh": "read",
    "GET /api/analytics/posts/:igMediaId": "read",
    "GET /api/analytics/stories.csv": "export",
    "GET /api/analytics/stories": "read",
    "POST /api/analytics/stories/refresh": "read",
    "GET /api/analytics/stories/:igMediaId": "read",
    // Mentions and tags.
    "GET /api/mentions": "read",
    "POST /api/mentions/refresh": "inbox:write",
    "POST /api/mentions/:id/reply": "inbox:write",
    // Radars.
    "GET /api/press-radar": "read",
    "POST /api/press-radar/sources": "radars:write",
    "PATCH /api/press-radar/sources/:id": "radars:write",
    "DELETE /api/press-radar/sources/:id": "radars:write",
    "POST /api/press-radar/fetch": "radars:write",
    "POST /api/press-radar/keywords": "radars:write",
    "PATCH /api/press-radar/keywords/:id": "radars:write",
    "DELETE /api/press-radar/keywords/:id": "radars:write",
    "POST /api/press-radar/keywords/:id/keep": "radars:write",
    "GET /api/press-radar/mentions": "read",
    "GET /api/press-radar/mentions/unseen-count": "read",
    "POST /api/press-radar/mentions/seen": "radars:write",
    "GET /api/trend-radar": "read",
    "GET /api/trend-radar/suggestions": "read",
    "POST /api/trend-radar/hashtags": "radars:write",
    "DELETE /api/trend-radar/hashtags/:id": "radars:write",
    "POST /api/trend-radar/hashtags/:id/keep": "radars:write",
    "POST /api/trend-radar/refresh": "radars:write",
    // Competitors (issue 34): read by every member, edited like the radars.
    "ALL /api/competitors/*": "excluded",
    "GET /api/competitors": "read",
    "POST /api/competitors": "radars:write",
    "DELETE /api/competitors/:id": "radars:write",
    "GET /api/ai-team": "read",
    "POST /api/ai-team/:role/refresh": "read",
    "POST /api/ai-team/ask": "read",
    "PUT /api/ai-team/settings": "connections",
    "GET /api/automations": "read",
    "GET /api/automations/runs": "read",
    "POST /api/automations/test": "inbox:write",
    "POST /api/automations": "inbox:write",
    "PUT /api/automations/paused": "inbox:write",
    "PUT /api/automations/:id": "inbox:write",
    "PATCH /api/automations/:id": "inbox:write",
    "DELETE /api/automations/:id": "inbox:write",
    // Outgoing webhooks (issue 35 point 4): owners and admins.
    "GET /api/webhook-endpoints": "developers",
    "POST /api/webhook-endpoints": "developers",
    "PATCH /api/webhook-endpoints/:id": "developers",
    "DELETE /api/webhook-endpoints/:id": "developers",
    "POST /api/webhook-endpoints/:id/roll-secret": "developers",
    "POST /api/webhook-endpoints/:id/test": "developers",
    "GET /api/webhook-endpoints/:id/deliveries": "developers",
    "POST /api/webhook-endpoints/:id/deliveries/:deliveryId/resend": "developers",
    // Post approvals (decision 037): clients and editors see posts sent for approval; owners and
    // admins change the setting; review links are public, their signed token the credential.
    "GET /api/approvals/settings": "review",
    "PUT /api/approvals/settings": "approvals",
    "GET /api/approvals/reviews": "review",
    "GET /api/approvals/posts": "review",
    "GET /api/approvals/posts/:id": "review",
    "POST /api/approvals/posts": "publish",
    "PUT /api/approvals/posts/:id": "publish",
    "POST /api/approvals/posts/:id/submit": "publish",
    "POST /api/approvals/posts/:id/withdraw": "publish",
    "POST /api/approvals/posts/:id/decision": "review",
    "GET /api/approvals/posts/:id/review-links": "publish",
    "POST /api/approvals/posts/:id/review-links": "publish",
    "DELETE /api/approvals/review-links/:id": "publish",
    "POST /api/review-links/view": "excluded",
    "POST /api/review-links/decision": "excluded",
    // Comments between members (decision 042): every member reads a post's thread it may see
    // (a Client: only posts sent to them, else 404); writing takes publish or review, which every
    // role holding publish also holds; a member deletes their own comment (owners and admins any).
    // post-comments.int.test.ts walks each role on real posts.
    "ALL /api/post-comments/*": "excluded",
    "GET /api/post-comments/counts": "user",
    "GET /api/post-comments/:postId": "user",
    "POST /api/post-comments/:postId": "review",
    "PATCH /api/post-comments/:postId/:id": "review",
    "DELETE /api/post-comments/:postId/:id": "user",
    // Client reports (issue 33 points 4-6): every role opens them (a Client only those shared
    // with them, reports.int.test.ts); editors and up build them.
    "GET /api/reports": "reports",
    "POST /api/reports": "reports:write",
    "GET /api/reports/:id": "reports",
    "PATCH /api/reports/:id": "reports:write",
    "DELETE /api/reports/:id": "reports:write",
    "GET /api/reports/:id/data": "reports",
    "GET /api/reports/:id/pdf": "reports",
    "GET /api/reports/:id/posts/:postId/thumbnail": "reports",
    "POST /api/reports/:id/sendings/:sendingId/retry": "reports:write",
  };

  it("walks every API route with every role: 403 exactly where the role lacks the right", async () => {
    const roles = ["admin", "editor", "analyst", "client"] as const;
    const joined = await Promise.all(roles.map((role) => join(ownerIn, role)));
    const routes = [
      ...new Set(
        testApp.app.routes
          // Every /api/v1 route is a token's, never a session's ("ALL /api/v1/*" below): their
          // scopes, roles and workspaces are walked in the public API's own tests
          // (public-api.int.test.ts, v1-*.int.test.ts; openapi.int.test.ts finds every one).
          .filter((route) => route.path.startsWith("/api") && !route.path.startsWith("/api/v1/"))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    for (const route of routes) {
      expect(Object.keys(routeActions), `${route} has no rule`).toContain(route);
    }
    let walked = 0;
    for (const [index, role] of roles.entries()) {
      const as = inWorkspace(joined[index]!.client, workspaceId);
      for (const route of routes) {
        const action = routeActions[route]!;
        if (action === "user" || action === "excluded") continue;
        const [method, pattern] = route.split(" ") as [string, string];
        // Ids that match nothing: a permitted role gets 404/4xx, never 403.
        const path = pattern
          .replace(":id", "00000000-0000-4000-8000-000000000000")
          .replace(":userId", "nobody")
          .replace(":igMediaId", "1")
          .replace(":instagramId", "1")
          .replace(":bucket", "scheduled-content")
          .replace(":role", "analyst");
        const response = await as.request(path, {
          method,
          ...(method === "GET"
            ? {}
            : { json: { role: "editor", name: "Renamed", userId: "nobody", email: "x" } }),
        });
        walked++;
        expect(response.status, `${role} ${route}`).toBeLessThan(500);
        // A stream (the live events) never ends: its headers are the answer.
        const text = response.headers.get("content-type")?.startsWith("text/event-stream")
          ? await response.body?.cancel().then(() => "")
          : await response.text();
        const actions: readonly WorkspaceAction[] = typeof action === "string" ? [action] : action;
        expect([role, route, response.status === 403], text).toEqual([
          role,
          route,
          !actions.some((one) => can(role, one)),
        ]);
      }
    }
    // Every role walked every route that has a workspace action.
    const gated = routes.filter((route) => {
      const action = routeActions[route]!;
      return typeof action !== "string" || !["user", "excluded"].includes(action);
    });
    expect(gated.length).toBeGreaterThanOrEqual(75);
    expect(walked).toBe(gated.length * roles.length);
  }, 240_000);
});

describe("the audit log's retention", () => {
  it("the daily sweep deletes events older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    const { client } = await createVerifiedUser(testApp);
    const { current } = await json<Current>(await client.get("/api/workspaces"));
    const db = testApp.database.db;
    const day = 24 * 60 * 60 * 1000;
    for (const [action, age] of [
      ["member.invited", 40],
      ["member.removed", 20],
    ] as const) {
      await db.insert(auditEvents).values({
        workspaceId: current.id,
        actorUserId: null,
        actorEmail: null,
        action,
        createdAt: new Date(Date.now() - age * day),
      });
    }
    await pruneAuditJob.run(
      {},
      {
        db,
        logger: testApp.logger,
        now: () => Date.now(),
        auditRetentionDays: 30,
        jobId: "test",
      },
    );
    const kept = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, current.id));
    expect(kept.map((row) => row.action)).toEqual(["member.removed"]);
  });
  it("a workspace logo: checked by its bytes and size, replaced and removed, its old file gone", async () => {
    const { client: owner } = await createVerifiedUser(testApp);
    const put = (body: Uint8Array) =>
      owner.request("/api/workspaces/current/logo", {
        method: "PUT",
        headers: { "content-type": "application/octet-stream" },
        body,
      });
    const first = await json<{ logo_url: string }>(await put(png(64, 48)));
    expect(first.logo_url).toMatch(/^http:\/\/localhost:3000\/storage\/instagram-media\//);
    const overview = await json<{ current: { logo_url: string | null } }>(
      await owner.get("/api/workspaces"),
    );
    expect(overview.current.logo_url).toMatch(/\/logo\/[0-9a-f-]{36}\.png\?/);
    const path = (url: string) => url.replace("http://localhost:3000", "");
    const served = await owner.get(path(first.logo_url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    const refused = async (body: Uint8Array, status: number, message: string) => {
      const response = await put(body);
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    };
    await refused(
      new TextEncoder().encode("<svg onload=alert(1)>"),
      415,
      "A logo must be a PNG, JPEG or WebP image.",
    );
    await refused(png(8, 8), 422, "A logo must be between 16 and 4,096 pixels on each side.");
    await refused(new Uint8Array(MAX_LOGO_BYTES + 1), 413, "A logo must be at most 1 MB.");
    await refused(new Uint8Array(0), 400, "Choose an image for the logo.");

    // A new logo replaces the old one, whose file goes; removing leaves none.
    const second = await json<{ logo_url: string }>(await put(png(32, 32)));
    expect(second.logo_url).not.toBe(first.logo_url);
    expect((await owner.get(path(first.logo_url))).status).toBe(404);
    const removed = await json<{ logo_url: null }>(
      await owner.request("/api/workspaces/current/logo", { method: "DELETE" }),
    );
    expect(removed.logo_url).toBeNull();
    expect((await owner.get(path(second.logo_url))).status).toBe(404);
    const after = await json<{ current: { logo_url: string | null } }>(
      await owner.get("/api/workspaces"),
    );
    expect(after.current.logo_url).toBeNull();
  });
});
