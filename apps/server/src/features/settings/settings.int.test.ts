import { account } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import {
  createVerifiedUser,
  latestLink,
  mailboxFor,
  personalWorkspaceId,
  TEST_PASSWORD,
  uniqueEmail,
} from "../../testing/factories.ts";
import { createHttpClient, type HttpClient, totpFromUri } from "../../testing/http-client.ts";
import { SoftwareAuthenticator } from "../../testing/webauthn.ts";
import { deleteDataForMetaUser } from "../account/index.ts";

let testApp: TestApp;
/** Moves the app's clock (not Better Auth's) forward, for link expiry. */
let clockOffsetMs = 0;
beforeAll(async () => {
  testApp = await createTestApp({
    now: () => Date.now() + clockOffsetMs,
    env: {
      GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-google-secret",
    },
  });
});
afterAll(() => testApp?.close());

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Overview {
  profile: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    phoneVerified: boolean;
    timeZone: string | null;
    language: string | null;
  };
  security: {
    aal: string;
    twoFactorEnabled: boolean;
    hasPassword: boolean;
    identities: { id: string; providerId: string }[];
    passkeys: { id: string; name: string | null }[];
  };
  plan: { id: string; name: string };
}

async function overview(client: HttpClient) {
  const response = await client.get("/api/settings");
  expect(response.status).toBe(200);
  return json<Overview>(response);
}

async function patch(client: HttpClient, path: string, body: unknown) {
  return client.request(path, { method: "PATCH", json: body });
}

async function userIdOf(client: HttpClient) {
  return (await json<{ id: string }>(await client.get("/api/me"))).id;
}

const profile = {
  firstName: "Grace",
  lastName: "Hopper",
  timeZone: "Europe/Madrid",
  language: "es",
};

describe(`settings: profile on ${testEngine()}`, () => {
  it("needs a signed-in user", async () => {
    const anonymous = createHttpClient(testApp.app);
    expect((await anonymous.get("/api/settings")).status).toBe(401);
    expect((await patch(anonymous, "/api/settings/profile", profile)).status).toBe(401);
  });

  it("saves names, time zone and language for this user only, and shows the Free plan", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const other = await createVerifiedUser(testApp, { firstName: "Alan", lastName: "Turing" });
    const before = await overview(client);
    expect(before.profile).toMatchObject({ email, firstName: "Ada", timeZone: null });
    expect(before.plan).toEqual({ id: "free", name: "Free" });

    const saved = await patch(client, "/api/settings/profile", profile);
    expect(saved.status).toBe(200);
    expect((await overview(client)).profile).toMatchObject({ email, ...profile });
    // The display name in the header (spec: profile names) follows.
    const me = await json<{ profile: { first_name: string } }>(await client.get("/api/me"));
    expect(me.profile.first_name).toBe("Grace");
    expect((await overview(other.client)).profile).toMatchObject({
      firstName: "Alan",
      timeZone: null,
    });
  });

  it("refuses an unknown time zone, a language other than English or Spanish, long names and big bodies", async () => {
    const { client } = await createVerifiedUser(testApp);
    const badZone = await patch(client, "/api/settings/profile", {
      ...profile,
      timeZone: "Mars/Base",
    });
    expect(badZone.status).toBe(422);
    const badLanguage = await patch(client, "/api/settings/profile", {
      ...profile,
      language: "fr",
    });
    expect(badLanguage.status).toBe(422);
    const longName = await patch(client, "/api/settings/profile", {
      ...profile,
      firstName: "x".repeat(81),
    });
    expect(longName.status).toBe(422);
    const huge = await patch(client, "/api/settings/profile", {
      ...profile,
      padding: "x".repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect((await overview(client)).profile.timeZone).toBeNull();
  });

  it("changes the e-mail only after the link sent to the new address is opened", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const newEmail = uniqueEmail("moved");
    const request = await client.post("/api/auth/change-email", {
      newEmail,
      callbackURL: "/settings",
    });
    expect(request.status).toBe(200);
    expect((await overview(client)).profile.email).toBe(email);
    const [message] = await mailboxFor(client, newEmail);
    expect(message?.subject).toBe("Confirm your new e-mail address for Sightline");
    const confirm = await client.get(await latestLink(client, newEmail, /verify-email/));
    expect(confirm.status).toBe(302);
    expect((await overview(client)).profile.email).toBe(newEmail);
    const fresh = createHttpClient(testApp.app);
    const signIn = await fresh.post("/api/auth/sign-in/email", {
      email: newEmail,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });
});

describe(`settings: phone on ${testEngine()}`, () => {
  it("verifies a new phone number by a texted code before showing it as verified", async () => {
    const { client } = await createVerifiedUser(testApp);
    const phone = `+1415555${Math.floor(1000 + Math.random() * 8999)}`;
    expect(
      (await client.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).status,
    ).toBe(200);
    expect((await overview(client)).profile).toMatchObject({ phone: null, phoneVerified: false });
    const [sms] = await mailboxFor(client, phone);
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    const wrong = await client.post("/api/auth/phone-number/verify", {
      phoneNumber: phone,
      code: code === "000000" ? "111111" : "000000",
      updatePhoneNumber: true,
    });
    expect(wrong.status).toBe(400);
    const verify = await client.post("/api/auth/phone-number/verify", {
      phoneNumber: phone,
      code,
      updatePhoneNumber: true,
    });
    expect(verify.status).toBe(200);
    expect((await overview(client)).profile).toMatchObject({ phone, phoneVerified: true });
  });
});

describe(`settings: security on ${testEngine()}`, () => {
  it("changes the password under the spec's rule", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const weak = await client.post("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "onlyletters",
    });
    expect(weak.status).toBe(400);
    expect((await json<{ message: string }>(weak)).message).toBe(
      "Password must be at least 8 characters and include letters and numbers.",
    );
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "new password 99",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const fresh = createHttpClient(testApp.app);
    expect(
      (await fresh.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status,
    ).toBe(401);
    expect(
      (await fresh.post("/api/auth/sign-in/email", { email, password: "new password 99" })).status,
    ).toBe(200);
  });

  it("enrols an authenticator app through the UI's calls; sign-in then asks for the second factor", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    const enable = await client.post("/api/auth/two-factor/enable", { password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = await json<{ totpURI: string; backupCodes: string[] }>(enable);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Sightline/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    // Not on until a code from the app is verified.
    expect((await overview(client)).security.twoFactorEnabled).toBe(false);
    const verify = await client.post("/api/auth/two-factor/verify-totp", {
      code: totpFromUri(totpURI),
    });
    expect(verify.status).toBe(200);
    const after = await overview(client);
    expect(after.security).toMatchObject({ twoFactorEnabled: true, aal: "aal2" });

    const second = createHttpClient(testApp.app);
    const signIn = await json<{ twoFactorRedirect?: boolean }>(
      await second.post("/api/auth/sign-in/email", { email, password }),
    );
    expect(signIn.twoFactorRedirect).toBe(true);
    expect((await second.get("/api/settings")).status).toBe(401);
    const backup = await second.post("/api/auth/two-factor/verify-backup-code", {
      code: backupCodes[0],
    });
    expect(backup.status).toBe(200);
    expect((await overview(second)).security.aal).toBe("aal2");
  });

  it("adds, renames and removes a passkey", async () => {
    const { client } = await createVerifiedUser(testApp);
    const authenticator = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const options = await json<{ challenge: string }>(
      await client.get("/api/auth/passkey/generate-register-options"),
    );
    const added = await client.post("/api/auth/passkey/verify-registration", {
      response: authenticator.register(options.challenge),
      name: "Laptop",
    });
    expect(added.status).toBe(200);
    const [key] = (await overview(client)).security.passkeys;
    expect(key?.name).toBe("Laptop");
    const renamed = await client.post("/api/auth/passkey/update-passkey", {
      id: key!.id,
      name: "Work laptop",
    });
    expect(renamed.status).toBe(200);
    expect((await overview(client)).security.passkeys[0]?.name).toBe("Work laptop");
    const removed = await client.post("/api/auth/passkey/delete-passkey", { id: key!.id });
    expect(removed.status).toBe(200);
    expect((await overview(client)).security.passkeys).toEqual([]);
  });

  it("lists linked identities, offers Google, and never unlinks the last way to sign in", async () => {
    const { client } = await createVerifiedUser(testApp);
    const { security } = await overview(client);
    expect(security.identities.map((i) => i.providerId)).toEqual(["credential"]);
    expect(security.hasPassword).toBe(true);
    const link = await client.post("/api/auth/link-social", {
      provider: "google",
      callbackURL: "/settings",
    });
    expect(link.status).toBe(200);
    expect((await json<{ url: string }>(link)).url).toMatch(/^https:\/\/accounts\.google\.com\//);
    const unlink = await client.post("/api/auth/unlink-account", {
      accountId: security.identities[0]!.id,
    });
    expect(unlink.status).toBe(400);
    expect((await json<{ code: string }>(unlink)).code).toBe("FAILED_TO_UNLINK_LAST_ACCOUNT");
    expect((await overview(client)).security.identities).toHaveLength(1);

    // A linked Google identity (the callback leg needs Google; the row it would write):
    // it can be unlinked while the password remains.
    const userId = await userIdOf(client);
    await testApp.database.db.insert(account).values({
      id: `google-${userId}`,
      accountId: `google-sub-${userId}`,
      providerId: "google",
      userId,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const linked = await overview(client);
    expect(linked.security.identities.map((i) => i.providerId).sort()).toEqual([
      "credential",
      "google",
    ]);
    const google = linked.security.identities.find((i) => i.providerId === "google")!;
    const unlinkGoogle = await client.post("/api/auth/unlink-account", { accountId: google.id });
    expect(unlinkGoogle.status).toBe(200);
    expect((await overview(client)).security.identities.map((i) => i.providerId)).toEqual([
      "credential",
    ]);
  });

  it("lists sessions with device and browser, revokes one (it ends), and signs out everywhere else", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    const phone = createHttpClient(testApp.app);
    await phone.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password },
      headers: {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      },
    });
    const tablet = createHttpClient(testApp.app);
    await tablet.post("/api/auth/sign-in/email", { email, password });
    const stranger = await createVerifiedUser(testApp);

    type Sessions = { sessions: { id: string; browser: string; os: string; isCurrent: boolean }[] };
    const listed = await json<Sessions>(await client.get("/api/settings/sessions"));
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    const iphone = listed.sessions.find((s) => s.os === "iOS 17");
    expect(iphone?.browser).toBe("Safari 17");
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    // Someone else's session id is not found for this user.
    const theirs = await json<Sessions>(await stranger.client.get("/api/settings/sessions"));
    const cross = await client.post(`/api/settings/sessions/${theirs.sessions[0]!.id}/revoke`);
    expect(cross.status).toBe(404);
    expect((await stranger.client.get("/api/me")).status).toBe(200);

    expect((await phone.get("/api/me")).status).toBe(200);
    const revoked = await client.post(`/api/settings/sessions/${iphone!.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);

    // 'Sign out everywhere else' is the spec's scoped sign-out.
    const others = await client.post("/api/session/sign-out", { scope: "others" });
    expect(others.status).toBe(200);
    expect((await tablet.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
    const left = await json<Sessions>(await client.get("/api/settings/sessions"));
    expect(left.sessions.map((s) => s.isCurrent)).toEqual([true]);
  });
});

async function waitForExport(client: HttpClient) {
  type Latest = {
    export: { id: string; status: string; progress: number; downloadPath: string | null } | null;
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    const latest = await json<Latest>(await client.get("/api/settings/exports/latest"));
    if (latest.export?.status === "ready" || latest.export?.status === "failed") {
      return latest.export;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("export did not finish");
}

/** Rows of a raw query on either driver (node-postgres wraps them, PGlite's drizzle too). */
function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === "object" && "rows" in result ? result.rows : result) as T[];
}

/** Every (table, column) in the database whose value, as text, contains `needle`. */
async function findEverywhere(needle: string) {
  const db = testApp.database.db;
  const columns = await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'uuid', 'ARRAY')
  `);
  const rows = rowsOf<{ table_name: string; column_name: string }>(columns);
  expect(rows.length).toBeGreaterThan(20);
  const hits: string[] = [];
  for (const { table_name, column_name } of rows) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like ${`%${needle}%`}`,
    );
    const count = rowsOf<{ n: number }>(result)[0]?.n;
    if (count) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe(`settings: your data on ${testEngine()}`, () => {
  it("exports the user's rows, and no other user's, as JSON files in a zip", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    await patch(client, "/api/settings/profile", profile);
    const other = await createVerifiedUser(testApp);
    await patch(other.client, "/api/settings/profile", { ...profile, firstName: "Other" });
    const userId = await userIdOf(client);
    const otherId = await userIdOf(other.client);
    // A user's export holds their own rows and those of the workspaces they own (decision 026).
    const workspaceId = await personalWorkspaceId(testApp, email);
    const otherWorkspaceId = await personalWorkspaceId(testApp, other.email);

    const started = await client.post("/api/settings/exports");
    expect(started.status).toBe(202);
    const done = await waitForExport(client);
    expect(done).toMatchObject({ status: "ready", progress: 100 });
    expect((await other.client.get(done.downloadPath!)).status).toBe(404);

    const download = await client.get(done.downloadPath!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "user.json",
        "profiles.json",
        "session.json",
        "account.json",
        "workspaces.json",
        "workspace_members.json",
      ]),
    );
    let rowCount = 0;
    for (const [name, bytes] of Object.entries(files)) {
      const text = strFromU8(bytes);
      expect(text, name).not.toContain(otherId);
      expect(text, name).not.toContain(otherWorkspaceId);
      expect(text, name).not.toContain(other.email);
      if (!name.endsWith(".json")) continue;
      const rows = JSON.parse(text) as Record<string, unknown>[];
      for (const row of rows) {
        if (name === "user.json") expect(row.id, name).toBe(userId);
        else if (name === "workspaces.json") expect(row.id, name).toBe(workspaceId);
        else if ("workspace_id" in row) expect(row.workspace_id, name).toBe(workspaceId);
        else expect(row.user_id, name).toBe(userId);
        rowCount++;
      }
    }
    expect(rowCount).toBeGreaterThanOrEqual(6);
    const workspaces = JSON.parse(strFromU8(files["workspaces.json"]!)) as Record<
      string,
      unknown
    >[];
    expect(workspaces).toEqual([expect.objectContaining({ personal_owner_id: userId })]);
    const profiles = JSON.parse(strFromU8(files["profiles.json"]!)) as Record<string, unknown>[];
    expect(profiles[0]).toMatchObject({ email, first_name: "Grace", time_zone: "Europe/Madrid" });
    // Credentials stay out of the export.
    const sessions = JSON.parse(strFromU8(files["session.json"]!)) as Record<string, unknown>[];
    expect(sessions[0]).not.toHaveProperty("token");
    const accounts = JSON.parse(strFromU8(files["account.json"]!)) as Record<string, unknown>[];
    expect(accounts[0]).not.toHaveProperty("password");

    // The link expires after 24 hours.
    clockOffsetMs = 25 * 60 * 60 * 1000;
    try {
      type Latest = { export: { status: string; downloadPath: string | null } };
      const latest = await json<Latest>(await client.get("/api/settings/exports/latest"));
      expect(latest.export).toMatchObject({ status: "expired", downloadPath: null });
      expect((await client.get(done.downloadPath!)).status).toBe(404);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("deletes the account only with the e-mail typed, and then no row anywhere holds the user's id", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    await patch(client, "/api/settings/profile", profile);
    await client.post("/api/auth/two-factor/enable", { password });
    await client.post("/api/settings/exports");
    await waitForExport(client);
    await client.post("/api/support", {
      name: "Grace",
      email,
      topic: "account",
      message: "Please help me with my account settings today.",
    });
    // Instagram inbox rows, as the sync will write them.
    const message = await client.post("/api/test/inbox/messages", {
      accountId: "17841400000000001",
      conversationId: "conv-1",
      businessIgsid: "17841400000000001",
      fromId: "igsid-fan",
      text: "Do you ship to Spain?",
    });
    expect(message.status).toBe(201);
    const comment = await client.post("/api/test/inbox/comments", {
      accountId: "17841400000000001",
      igMediaId: "media-1",
      mediaOwnerId: "17841400000000001",
      userIgsid: "igsid-fan",
      text: "Love this glaze",
    });
    expect(comment.status).toBe(201);
    const otherDevice = createHttpClient(testApp.app);
    await otherDevice.post("/api/auth/sign-in/email", { email, password });
    const bystander = await createVerifiedUser(testApp);
    const userId = await userIdOf(client);
    const bystanderId = await userIdOf(bystander.client);
    // The user's own rows, and their personal workspace's, where the Instagram rows now live
    // (decision 026): deleting the user deletes the workspaces they own.
    const workspaceId = await personalWorkspaceId(testApp, email);
    const bystanderWorkspaceId = await personalWorkspaceId(testApp, bystander.email);

    const holders = await findEverywhere(userId);
    expect(holders).toEqual(
      expect.arrayContaining([
        "user.id",
        "session.user_id",
        "account.user_id",
        "profiles.user_id",
        "data_exports.user_id",
        "workspaces.personal_owner_id",
        "workspace_members.user_id",
      ]),
    );
    expect(await findEverywhere(workspaceId)).toEqual(
      expect.arrayContaining([
        "workspaces.id",
        "workspace_members.workspace_id",
        "instagram_messages.workspace_id",
        "instagram_comments.workspace_id",
        "instagram_thread_map.workspace_id",
      ]),
    );

    const wrong = await client.post("/api/settings/delete-account", { email: "not@me.example" });
    expect(wrong.status).toBe(422);
    expect((await client.get("/api/me")).status).toBe(200);

    // The typed e-mail alone is not enough: the password re-authenticates (issue 25).
    const noPassword = await client.post("/api/settings/delete-account", {
      email: email.toUpperCase(),
    });
    expect(noPassword.status).toBe(422);
    const wrongPassword = await client.post("/api/settings/delete-account", {
      email: email.toUpperCase(),
      password: "not the password",
    });
    expect(wrongPassword.status).toBe(422);
    expect(
      (await json<{ error: { issues: Array<{ path: string }> } }>(wrongPassword)).error.issues,
    ).toEqual([{ path: "password", message: "The password is not right." }]);
    expect((await client.get("/api/me")).status).toBe(200);

    const deleted = await client.post("/api/settings/delete-account", {
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    const { confirmationCode } = await json<{ confirmationCode: string }>(deleted);

    expect(await findEverywhere(userId)).toEqual([]);
    expect(await findEverywhere(workspaceId)).toEqual([]);
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(
      (await createHttpClient(testApp.app).post("/api/auth/sign-in/email", { email, password }))
        .status,
    ).toBe(401);
    const [mail] = await mailboxFor(client, email);
    expect(mail?.subject).toBe("Your Sightline account was deleted");
    expect(mail?.text).toContain(confirmationCode);
    const status = await client.get(`/api/meta/data-deletion/status?code=${confirmationCode}`);
    expect(await json<{ status: string }>(status)).toMatchObject({ status: "completed" });

    expect((await bystander.client.get("/api/me")).status).toBe(200);
    expect(await findEverywhere(bystanderId)).toEqual(
      expect.arrayContaining(["user.id", "session.user_id"]),
    );
    expect(await findEverywhere(bystanderWorkspaceId)).toEqual(
      expect.arrayContaining(["workspaces.id", "workspace_members.workspace_id"]),
    );
  });

  it("Meta's data-deletion callback revokes and deletes the Instagram data of the connected workspaces, not their Sightline account", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    await patch(client, "/api/settings/profile", profile);
    const workspaceId = await personalWorkspaceId(testApp, email);
    const calls: string[] = [];
    const request = await deleteDataForMetaUser(
      {
        db: testApp.database.db,
        mailer: testApp.mailer,
        storage: testApp.storage,
        logger: testApp.logger,
        publicUrl: TEST_PUBLIC_URL,
        revokeInstagramAccess: async (id, account) => {
          calls.push(`revoke ${id} ${account}`);
        },
        deleteInstagramData: async (key) => {
          calls.push(`delete ${key.workspaceId} ${key.instagramId}`);
          return { instagram_connections: 1, instagram_media: 3 };
        },
        findConnectionsForMetaUser: async (metaUserId) =>
          metaUserId === "meta-42" ? [{ workspaceId, instagramId: "1784" }] : [],
      },
      "meta-42",
      "signed-request-hash-meta-42",
    );
    expect(calls).toEqual([`revoke ${workspaceId} 1784`, `delete ${workspaceId} 1784`]);
    expect(request).toMatchObject({ source: "meta_callback", status: "completed" });
    expect(request.deleted).toEqual({ instagram_connections: 1, instagram_media: 3 });
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
