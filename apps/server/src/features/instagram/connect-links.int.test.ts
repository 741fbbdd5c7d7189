import { WORKSPACE_HEADER } from "@sightline/contracts";
import { instagramConnectLinks, workspaceMembers } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import {
  createVerifiedUser,
  latestLink,
  personalWorkspaceId,
  setPersonalPlan,
  uniqueEmail,
} from "../../testing/factories.ts";
import { createHttpClient, type HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount, consentAt } from "../../testing/instagram.ts";
import { connectLinkGoneMessage } from "./connect-link-service.ts";

/*
 * Issue 29 point 3: a connect link lets an account's owner connect it through their own Meta
 * login into the workspace that sent it, without a session, without joining, once.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

type Created = { link: { id: string; email: string | null }; url: string; emailed: boolean };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** A signed-out visitor who opened the link and picked `username` on Meta's page. */
async function visitAndConsent(token: string, username: string, visitor?: HttpClient) {
  const client = visitor ?? createHttpClient(testApp.app);
  const start = await client.post("/api/connect-links/start", { token, login: "instagram" });
  expect(start.status, await start.clone().text()).toBe(200);
  const { authorizeUrl } = await json<{ authorizeUrl: string }>(start);
  const query = await consentAt(client, authorizeUrl, { username });
  return { client, query };
}

describe("connect links", () => {
  it("connects a client's account into the workspace without a session, once, and tells the members", async () => {
    // Pro: a workspace with room for a second account (issue 30).
    const { client: owner, email: ownerEmail } = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, ownerEmail, "pro");
    await connectSandboxAccount(testApp, owner, { username: "lena.makes", login: "instagram" });
    const clientEmail = uniqueEmail("client");

    const created = await owner.post("/api/instagram/connect-links", {
      label: "Northfield Coffee",
      email: clientEmail,
    });
    expect(created.status).toBe(201);
    const { url, link, emailed } = await json<Created>(created);
    expect(emailed).toBe(true);
    expect(link.email).toBe(clientEmail);
    expect(url).toMatch(/^http:\/\/localhost:3000\/connect\?token=[\w-]{43}$/);
    // The e-mail carries the same link; the stored row only its hash.
    expect(await latestLink(owner, clientEmail, /\/connect\?token=/)).toBe(
      `/connect?token=${tokenOf(url)}`,
    );
    const [row] = await testApp.database.db
      .select()
      .from(instagramConnectLinks)
      .where(eq(instagramConnectLinks.id, link.id));
    expect(row!.tokenHash).not.toContain(tokenOf(url));

    // The visitor sees who asks and nothing else.
    const visitor = createHttpClient(testApp.app);
    const preview = await visitor.post("/api/connect-links/preview", { token: tokenOf(url) });
    expect(preview.status).toBe(200);
    const shown = await json<Record<string, unknown>>(preview);
    expect(Object.keys(shown).sort()).toEqual(["expires_at", "label", "logins", "workspace_name"]);
    expect(shown).toMatchObject({ label: "Northfield Coffee", logins: ["instagram", "facebook"] });

    const { query } = await visitAndConsent(tokenOf(url), "northfield.coffee", visitor);
    expect(query.get("state")).toMatch(/^link\./);
    const done = await visitor.post("/api/connect-links/callback", {
      login: "instagram",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const { connected } = await json<{ connected: { username: string; workspace_name: string } }>(
      done,
    );
    expect(connected.username).toBe("northfield.coffee");
    expect(connected.workspace_name).toBe(shown.workspace_name);

    // The members see the account beside theirs; the link is used up and says by whom.
    const accounts = await json<{ connections: Array<{ instagram_username: string }> }>(
      await owner.get("/api/instagram/connections"),
    );
    expect(accounts.connections.map((c) => c.instagram_username)).toEqual([
      "lena.makes",
      "northfield.coffee",
    ]);
    const links = await json<{ links: Array<{ id: string; used_username: string | null }> }>(
      await owner.get("/api/instagram/connect-links"),
    );
    expect(links.links.find((l) => l.id === link.id)?.used_username).toBe("northfield.coffee");
    const audit = await json<{
      events: Array<{ action: string; actor: string | null; target: string }>;
    }>(await owner.get("/api/workspaces/current/audit"));
    expect(audit.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["instagram.connect_link_created", "instagram.connected"]),
    );

    // The token works with the link's copy of the demo accounts: the first sync reads it.
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const northfield = await owner.get("/api/instagram/connection", {
      headers: {
        "x-sightline-account": (
          await json<{ connections: Array<{ instagram_id: string }> }>(
            await owner.get("/api/instagram/connections"),
          )
        ).connections[1]!.instagram_id,
      },
    });
    const synced = await json<{ connection: { last_synced_at: string | null; status: string } }>(
      northfield,
    );
    expect(synced.connection).toMatchObject({ status: "active" });
    expect(synced.connection.last_synced_at).not.toBeNull();

    // The visitor joined nothing, and the link works once.
    expect((await visitor.get("/api/instagram/connections")).status).toBe(401);
    const again = await visitor.post("/api/connect-links/preview", { token: tokenOf(url) });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(connectLinkGoneMessage);
    const restart = await visitor.post("/api/connect-links/start", {
      token: tokenOf(url),
      login: "instagram",
    });
    expect(restart.status).toBe(404);
  }, 180_000);

  it("binds the round trip to the visitor's browser and keeps it apart from a member's", async () => {
    // Pro: a workspace with room for a second account (issue 30).
    const { client: owner, email: ownerEmail } = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, ownerEmail, "pro");
    const { url } = await json<Created>(await owner.post("/api/instagram/connect-links", {}));
    const { query } = await visitAndConsent(tokenOf(url), "oona.bakes");
    const answer = { login: "instagram", code: query.get("code"), state: query.get("state") };

    // Another browser with the code and state: refused, and nothing is connected.
    const stranger = createHttpClient(testApp.app);
    const stolen = await stranger.post("/api/connect-links/callback", answer);
    expect(stolen.status).toBe(400);
    // A member's callback never takes a link's state.
    const asMember = await owner.post("/api/instagram/connect/callback", answer);
    expect(asMember.status).toBe(400);
    const accounts = await json<{ connections: unknown[] }>(
      await owner.get("/api/instagram/connections"),
    );
    expect(accounts.connections).toEqual([]);

    // Signed out and with no link's round trip pending, Meta's consent page grants nothing.
    const start = await createHttpClient(testApp.app).post("/api/connect-links/start", {
      token: tokenOf(url),
      login: "instagram",
    });
    const authorize = new URL((await json<{ authorizeUrl: string }>(start)).authorizeUrl);
    const nobody = createHttpClient(testApp.app);
    const page = await nobody.get(`${authorize.pathname}${authorize.search}`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain("Sign in first");
  }, 120_000);

  it("a withdrawn or expired link stops working; bad input is refused with its reason", async () => {
    // Pro: a workspace with room for a second account (issue 30).
    const { client: owner, email: ownerEmail } = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, ownerEmail, "pro");
    const first = await json<Created>(await owner.post("/api/instagram/connect-links", {}));
    const second = await json<Created>(
      await owner.post("/api/instagram/connect-links", { label: "Brand" }),
    );
    const visitor = createHttpClient(testApp.app);

    const withdrawn = await owner.request(`/api/instagram/connect-links/${first.link.id}`, {
      method: "DELETE",
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await visitor.post("/api/connect-links/preview", { token: tokenOf(first.url) })).status,
    ).toBe(404);
    const twice = await owner.request(`/api/instagram/connect-links/${first.link.id}`, {
      method: "DELETE",
    });
    expect(twice.status).toBe(404);

    await testApp.database.db
      .update(instagramConnectLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(instagramConnectLinks.id, second.link.id));
    const expired = await visitor.post("/api/connect-links/preview", {
      token: tokenOf(second.url),
    });
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain(connectLinkGoneMessage);

    const badEmail = await owner.post("/api/instagram/connect-links", { email: "not-an-address" });
    expect(badEmail.status).toBe(422);
    expect(await badEmail.text()).toContain("Enter a valid email address.");
    const longLabel = await owner.post("/api/instagram/connect-links", { label: "x".repeat(81) });
    expect(longLabel.status).toBe(422);
    expect(await longLabel.text()).toContain("Keep the name under 80 characters.");
    const unknown = await visitor.post("/api/connect-links/preview", { token: "x".repeat(43) });
    expect(unknown.status).toBe(404);

    // Another workspace's member cannot list or withdraw this workspace's links.
    const { client: other } = await createVerifiedUser(testApp);
    const foreign = await other.request(`/api/instagram/connect-links/${second.link.id}`, {
      method: "DELETE",
    });
    expect(foreign.status).toBe(404);
    const theirs = await json<{ links: unknown[] }>(
      await other.get("/api/instagram/connect-links"),
    );
    expect(theirs.links).toEqual([]);
  }, 120_000);
  it("a link stops working when its maker leaves the workspace or loses the right to connect", async () => {
    const { email: ownerEmail } = await createVerifiedUser(testApp);
    const workspaceId = await personalWorkspaceId(testApp, ownerEmail);
    const { client: admin } = await createVerifiedUser(testApp);
    const adminId = (await json<{ id: string }>(await admin.get("/api/me"))).id;
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: adminId, role: "admin" });
    const created = await admin.request("/api/instagram/connect-links", {
      method: "POST",
      json: {},
      headers: { [WORKSPACE_HEADER]: workspaceId },
    });
    expect(created.status).toBe(201);
    const { url } = await json<Created>(created);
    const visitor = createHttpClient(testApp.app);
    const preview = () => visitor.post("/api/connect-links/preview", { token: tokenOf(url) });
    expect((await preview()).status).toBe(200);
    // A round trip started while the maker could connect is refused at its end once they cannot.
    const { query } = await visitAndConsent(tokenOf(url), "oona.bakes", visitor);

    const member = and(
      eq(workspaceMembers.workspaceId, workspaceId),
      eq(workspaceMembers.userId, adminId),
    );
    await testApp.database.db.update(workspaceMembers).set({ role: "editor" }).where(member);
    expect((await preview()).status).toBe(404);
    const finished = await visitor.post("/api/connect-links/callback", {
      login: "instagram",
      code: query.get("code"),
      state: query.get("state"),
    });
    expect(finished.status).toBe(400);
    expect(await finished.text()).toContain(connectLinkGoneMessage);
    await testApp.database.db.update(workspaceMembers).set({ role: "admin" }).where(member);
    expect((await preview()).status).toBe(200);
    await testApp.database.db.delete(workspaceMembers).where(member);
    expect((await preview()).status).toBe(404);
  }, 120_000);
});
