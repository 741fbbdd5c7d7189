import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

let testApp: TestApp;
let client: HttpClient;
beforeAll(async () => {
  // @northfield.coffee connected and synced once (a copy of the run's snapshot).
  ({ testApp, client } = await createTestAppWithSyncedAccount(
    {
      username: "northfield.coffee",
      login: "instagram",
    },
    { plan: "pro" },
  ));
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

it("exports exactly the filtered, sorted table as CSV", async () => {
  const filter = "sort=reach&order=desc&type=CAROUSEL_ALBUM";
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await client.get(`/api/analytics/posts?${filter}&limit=7${cursor ? `&cursor=${cursor}` : ""}`)
    ).json()) as { items: Array<{ id: string }>; nextCursor: string | null };
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(ids.length).toBeGreaterThan(3);

  const response = await client.get(`/api/analytics/posts.csv?${filter}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.headers.get("content-disposition")).toContain("attachment");
  const [header, ...rows] = parseCsv(await response.text());
  expect(header!.join(",")).toBe(
    "posted_at,type,reach,views,likes,comments,saves,shares,engagement_rate,permalink,caption,id",
  );
  expect(rows.map((row) => row[11])).toEqual(ids);
  expect(rows.every((row) => row[1] === "Carousel")).toBe(true);

  // Whole captions, not the table's 140-character preview.
  const all = parseCsv(await (await client.get("/api/analytics/posts.csv?sort=posted_at")).text());
  const stored = (await testApp.database.db.execute(
    `select ig_media_id, caption from instagram_media where parent_ig_media_id is null and caption is not null and workspace_id = (select workspace_id from instagram_connections where instagram_username = 'northfield.coffee' limit 1)`,
  )) as unknown as { rows: Array<{ ig_media_id: string; caption: string }> };
  const captions = new Map(stored.rows.map((row) => [row.ig_media_id, row.caption]));
  const exported = all.slice(1).filter((row) => captions.has(row[11]!));
  expect(exported.length).toBe(captions.size);
  for (const row of exported) {
    const caption = captions.get(row[11]!)!;
    expect(row[10]).toBe(/^[=+\-@\t\r]/.test(caption) ? `'${caption}` : caption);
  }
  expect([...captions.values()].some((caption) => [...caption].length > 140)).toBe(true);
}, 180_000);

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}
