import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { createHttpClient } from "../../testing/http-client.ts";

const message = { accountId: "acct", conversationId: "t1", businessIgsid: "biz", fromId: "fan" };

describe("POST /api/test/inbox/* (browser tests' way to add inbox rows)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user and writes that user's rows only", async () => {
    const anonymous = createHttpClient(testApp.app);
    expect((await anonymous.post("/api/test/inbox/messages", message)).status).toBe(401);

    const alice = await createVerifiedUser(testApp);
    const bob = await createVerifiedUser(testApp);
    expect((await alice.client.post("/api/test/inbox/messages", message)).status).toBe(201);
    const comment = { accountId: "acct", igMediaId: "m1", mediaOwnerId: "acct", userIgsid: "fan" };
    expect((await alice.client.post("/api/test/inbox/comments", comment)).status).toBe(201);

    const counts = async (client: typeof alice.client) =>
      ((await (await client.get("/api/notifications")).json()) as { count: number }[]).map(
        (item) => item.count,
      );
    expect(await counts(alice.client)).toEqual([1, 1]);
    expect(await counts(bob.client)).toEqual([]);
  });

  it("refuses oversized fields", async () => {
    const { client } = await createVerifiedUser(testApp);
    const response = await client.post("/api/test/inbox/messages", {
      ...message,
      fromId: "x".repeat(65),
    });
    expect(response.status).toBe(422);
  });
});

describe("outside NODE_ENV=test", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: "development" } });
  });
  afterAll(() => testApp?.close());

  it("does not exist", async () => {
    const { client } = await createVerifiedUser(testApp);
    const response = await client.post("/api/test/inbox/messages", message);
    expect(response.status).toBe(404);
  });
});
