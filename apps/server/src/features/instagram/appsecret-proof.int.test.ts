import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";

/**
 * Issue 25: a production Meta app with "Require App Secret" on (Meta recommends it) refuses
 * every Graph call without `appsecret_proof`. With the sandbox set the same way, Sightline
 * still connects through both logins, syncs, and answers a DM.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await sandboxControl(testApp, "/settings", { requireAppSecretProof: true });
});
afterAll(async () => {
  await testApp?.close();
});

async function count(table: string, workspaceId: string) {
  const result = (await testApp.database.db.execute(
    `select count(*)::int as n from ${table} where workspace_id = '${workspaceId}'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

describe(`with Meta's "Require App Secret" on`, () => {
  it.each(["instagram", "facebook"] as const)(
    "connects with %s Login, syncs and replies to a DM",
    async (login) => {
      const { client } = await createVerifiedUser(testApp);
      const connection = await connectSandboxAccount(testApp, client, {
        username: login === "instagram" ? "lena.makes" : "oona.bakes",
        login,
      });
      await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
      const state = (await (await client.get("/api/instagram/connection")).json()) as {
        connection: { status: string } | null;
      };
      expect(state.connection?.status).toBe("active");
      expect(await count("instagram_media", connection.workspace_id)).toBeGreaterThan(0);

      const text = `Proof ${randomUUID().slice(0, 8)}`;
      await sandboxControl(testApp, "/simulate/message", {
        username: login === "instagram" ? "lena.makes" : "oona.bakes",
        text,
      });
      await testApp.sandbox!.idle();
      await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
      const thread = (await testApp.database.db.execute(
        `select conversation_id from instagram_messages where workspace_id = '${connection.workspace_id}' and text = '${text}'`,
      )) as unknown as { rows: Array<{ conversation_id: string }> };
      expect(thread.rows).toHaveLength(1);
      const reply = await client.post(
        `/api/inbox/conversations/${encodeURIComponent(thread.rows[0]!.conversation_id)}/messages`,
        { text: "Thanks, on it!", client_id: randomUUID() },
      );
      expect(reply.status).toBe(201);
    },
    180_000,
  );
});
