import type { InboxLabel } from "@sightline/contracts";
import { labelConversation } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * Conversation labels (issue 32): a workspace's labels, set on DM threads and posts' comments of
 * the selected account, the list filtered by one, and nothing of another workspace reachable.
 */

let testApp: TestApp;
let client: HttpClient;
let accountId: string;
type Item = { id: string; kind: "dm" | "comments"; labels: InboxLabel[] };

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount({
    username: "lena.makes",
    login: "instagram",
  });
  ({ testApp, client } = synced);
  accountId = synced.connection.instagram_id;
}, 300_000);

afterAll(async () => {
  await testApp?.close();
});

async function list(query = ""): Promise<Item[]> {
  const response = await client.get(`/api/inbox/conversations?limit=100${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Item[] }).items;
}

async function createLabel(name: string, color = "blue"): Promise<InboxLabel> {
  const response = await client.post("/api/inbox/labels", { name, color });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as InboxLabel;
}

describe(`conversation labels on ${testEngine()}`, () => {
  it("creates, renames and refuses bad or duplicate labels with a clear message", async () => {
    const lead = await createLabel("Lead", "green");
    expect(lead).toMatchObject({ name: "Lead", color: "green" });
    const duplicate = await client.post("/api/inbox/labels", { name: " lead ", color: "red" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("There is already a label called “lead”.");
    const empty = await client.post("/api/inbox/labels", { name: "  ", color: "red" });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Give the label a name.");
    const long = await client.post("/api/inbox/labels", { name: "x".repeat(31), color: "red" });
    expect(await long.text()).toContain("A label has at most 30 characters.");
    const colour = await client.post("/api/inbox/labels", { name: "Odd", color: "gold" });
    expect(colour.status).toBe(422);
    expect(await colour.text()).toContain("Choose one of the label colours.");

    const renamed = await client.request(`/api/inbox/labels/${lead.id}`, {
      method: "PATCH",
      json: { name: "Hot lead" },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: lead.id, name: "Hot lead", color: "green" });
    const listed = (await (await client.get("/api/inbox/labels")).json()) as {
      items: InboxLabel[];
    };
    expect(listed.items.map((label) => label.name)).toEqual(["Hot lead"]);
  });

  it("sets a DM thread's and a post's labels, filters the list by one, and deleting a label takes it off", async () => {
    const items = await list();
    const dm = items.find((item) => item.kind === "dm")!;
    const post = items.find((item) => item.kind === "comments")!;
    expect(dm && post).toBeTruthy();
    const vip = await createLabel("VIP", "violet");
    const order = await createLabel("Order", "amber");

    const set = async (item: Item, labelIds: string[]) =>
      client.request(`/api/inbox/conversations/${item.kind}/${item.id}/labels`, {
        method: "PUT",
        json: { labelIds },
      });
    const answer = await set(dm, [vip.id, order.id]);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { labels: InboxLabel[] }).labels.map((l) => l.name)).toEqual([
      "Order",
      "VIP",
    ]);
    expect((await set(post, [order.id])).status).toBe(200);
    // The kind must be the conversation's: a DM thread's id as comments is not found.
    expect((await set({ ...dm, kind: "comments" }, [order.id])).status).toBe(404);

    const withOrder = await list(`&label=${order.id}`);
    expect(withOrder.map((item) => `${item.kind}:${item.id}`).sort()).toEqual(
      [`dm:${dm.id}`, `comments:${post.id}`].sort(),
    );
    expect((await list(`&label=${vip.id}`)).map((item) => item.id)).toEqual([dm.id]);
    expect((await list()).find((item) => item.id === dm.id)?.labels.map((l) => l.name)).toEqual([
      "Order",
      "VIP",
    ]);

    // Setting is exact: VIP off, Order stays.
    expect((await set(dm, [order.id])).status).toBe(200);
    expect((await list(`&label=${vip.id}`)).map((item) => item.id)).toEqual([]);

    // An automation adds a label without taking any off, and twice is once.
    const scope = { workspaceId: await workspaceId(), accountId };
    for (let i = 0; i < 2; i++) {
      await labelConversation(
        testApp.database.db,
        scope,
        { kind: "dm", conversationId: dm.id },
        [vip.id],
        null,
      );
    }
    expect((await list()).find((item) => item.id === dm.id)?.labels.map((l) => l.name)).toEqual([
      "Order",
      "VIP",
    ]);

    expect(
      (await client.request(`/api/inbox/labels/${order.id}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect((await list()).find((item) => item.id === post.id)?.labels).toEqual([]);
    expect((await list(`&label=${order.id}`)).map((item) => item.id)).toEqual([]);
    const badFilter = await client.get("/api/inbox/conversations?label=not-a-uuid");
    expect(badFilter.status).toBe(422);
  });

  it("refuses another workspace's label, and keeps a workspace to 50 labels", async () => {
    const other = await createVerifiedUser(testApp);
    const foreign = await other.client.post("/api/inbox/labels", { name: "Theirs", color: "red" });
    expect(foreign.status).toBe(201);
    const theirs = (await foreign.json()) as InboxLabel;
    const [item] = await list();
    const put = await client.request(`/api/inbox/conversations/${item!.kind}/${item!.id}/labels`, {
      method: "PUT",
      json: { labelIds: [theirs.id] },
    });
    expect(put.status).toBe(404);
    expect(await put.text()).toContain("This label does not exist.");
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await client.request(`/api/inbox/labels/${theirs.id}`, {
        method,
        ...(method === "PATCH" ? { json: { name: "Mine now" } } : {}),
      });
      expect(response.status).toBe(404);
    }
    // Their list holds only their own label.
    const theirList = (await (await other.client.get("/api/inbox/labels")).json()) as {
      items: InboxLabel[];
    };
    expect(theirList.items.map((label) => label.name)).toEqual(["Theirs"]);

    for (let i = 1; i < 45; i++) {
      const response = await other.client.post("/api/inbox/labels", {
        name: `Label ${i}`,
        color: "slate",
      });
      expect(response.status).toBe(201);
    }
    // Ten at once for the last five places: five are made, five are refused, never more.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        other.client.post("/api/inbox/labels", { name: `Racing ${i}`, color: "blue" }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([
      ...Array<number>(5).fill(201),
      ...Array<number>(5).fill(409),
    ]);
    const full = (await (await other.client.get("/api/inbox/labels")).json()) as {
      items: InboxLabel[];
    };
    expect(full.items).toHaveLength(50);
    const over = await other.client.post("/api/inbox/labels", { name: "One more", color: "red" });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain("A workspace has up to 50 labels.");
  });
});

async function workspaceId(): Promise<string> {
  const response = await client.get("/api/workspaces");
  return ((await response.json()) as { current: { id: string } }).current.id;
}
