import { measureDmResponseTimes } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { inWorkspace, jsonOf } from "../../testing/workspace-members.ts";
import { measureResponseTimes } from "./response-times.ts";

/*
 * Inbox response times (decision 038's addendum) on hand-built inbox rows, in a week of 2021
 * that the synced demo account has no messages in: replies within minutes, never replied, two
 * incoming before one reply, a reply from someone else, a failed send, a private reply, the
 * period's edges in its zone, and rows of another account and another workspace left out.
 */

let synced: SyncedAccount;
let owner: ReturnType<typeof inWorkspace>;
let workspaceId: string;
let accountId: string;

const period = "from=2021-03-01&to=2021-03-07&timezone=Europe%2FBerlin";

type Figures = {
  answered: number;
  unanswered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  withinHourShare: number | null;
  withinDayShare: number | null;
};

async function execute(query: string) {
  return (await synced.testApp.database.db.execute(query)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
}

function message(
  workspace: string,
  account: string,
  thread: string,
  at: string,
  direction: "inbound" | "outbound",
  status: "sent" | "failed" | null = null,
) {
  const id = `rt-${thread}-${at}-${direction}`;
  const from = direction === "inbound" ? `person-${thread}` : `business-${account}`;
  return `('${workspace}', '${account}', 'rt-${thread}', '${id}', '${from}', '${direction}', 'hi', '${at}', ${status ? `'${status}'` : "null"})`;
}

function comment(
  workspace: string,
  account: string,
  id: string,
  at: string,
  by: string,
  options: { parent?: string; owner?: string } = {},
) {
  const parent = options.parent ? `'rt-${options.parent}'` : "null";
  return `('${workspace}', '${account}', 'rt-${id}', 'rt-media', '${options.owner ?? account}', ${parent}, '${by}', 'nice', '${at}')`;
}

beforeAll(async () => {
  synced = await createTestAppWithSyncedAccount({ username: "lena.makes", login: "instagram" });
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  owner = inWorkspace(synced.client, workspaceId);
  const other = await execute(
    `insert into workspaces (name, storage_folder) values ('Other', 'other-rt') returning id`,
  );
  const otherWorkspace = other.rows[0]!.id as string;
  const w = workspaceId;
  const a = accountId;
  await execute(`insert into instagram_messages
    (workspace_id, account_id, conversation_id, ig_message_id, from_id, direction, text, created_time, send_status)
    values ${[
      // Replied within five minutes: 300 s.
      message(w, a, "t1", "2021-03-01T09:00:00Z", "inbound"),
      message(w, a, "t1", "2021-03-01T09:05:00Z", "outbound"),
      // Never replied.
      message(w, a, "t2", "2021-03-01T10:00:00Z", "inbound"),
      // Two incoming before one reply: one item, from the first: 7,200 s.
      message(w, a, "t3", "2021-03-01T11:00:00Z", "inbound"),
      message(w, a, "t3", "2021-03-01T11:30:00Z", "inbound"),
      message(w, a, "t3", "2021-03-01T13:00:00Z", "outbound", "sent"),
      // A send that failed answered nobody; the later one did: 108,000 s.
      message(w, a, "t4", "2021-03-02T09:00:00Z", "inbound"),
      message(w, a, "t4", "2021-03-02T09:01:00Z", "outbound", "failed"),
      message(w, a, "t4", "2021-03-03T15:00:00Z", "outbound", "sent"),
      // 00:30 on 1 March in Berlin: inside the period (600 s).
      message(w, a, "t5", "2021-02-28T23:30:00Z", "inbound"),
      message(w, a, "t5", "2021-02-28T23:40:00Z", "outbound"),
      // 00:30 on 8 March in Berlin: after the period.
      message(w, a, "t6", "2021-03-07T23:30:00Z", "inbound"),
      // The wait began before the period: not this period's item.
      message(w, a, "t7", "2021-02-20T10:00:00Z", "inbound"),
      message(w, a, "t7", "2021-03-01T10:00:00Z", "inbound"),
      message(w, a, "t7", "2021-03-01T11:00:00Z", "outbound"),
      // Two waits in one thread: 60 s and 3,600 s.
      message(w, a, "t8", "2021-03-04T10:00:00Z", "inbound"),
      message(w, a, "t8", "2021-03-04T10:01:00Z", "outbound"),
      message(w, a, "t8", "2021-03-04T10:30:00Z", "inbound"),
      message(w, a, "t8", "2021-03-04T11:30:00Z", "outbound"),
      // Another account of the workspace, and the same account id in another workspace.
      message(w, "17840000000000999", "t9", "2021-03-02T10:00:00Z", "inbound"),
      message(otherWorkspace, a, "t10", "2021-03-02T10:00:00Z", "inbound"),
    ].join(",\n")}`);
  await execute(`insert into instagram_comments
    (workspace_id, account_id, ig_comment_id, ig_media_id, media_owner_id, parent_ig_comment_id, user_igsid, text, created_at)
    values ${[
      // Answered under the comment in 20 minutes: 1,200 s.
      comment(w, a, "c1", "2021-03-02T10:00:00Z", "person-a"),
      comment(w, a, "c1r", "2021-03-02T10:20:00Z", a, { parent: "c1" }),
      // Someone else's reply is not the account's: still waiting.
      comment(w, a, "c2", "2021-03-02T11:00:00Z", "person-b"),
      comment(w, a, "c2r", "2021-03-02T11:10:00Z", "person-c", { parent: "c2" }),
      // Answered by a private reply (settled below): 2,700 s.
      comment(w, a, "c3", "2021-03-02T12:00:00Z", "person-d"),
      // A private reply claimed but never confirmed by Instagram: still waiting.
      comment(w, a, "c4", "2021-03-02T13:00:00Z", "person-e"),
      // The account's own comment waits for nobody; the reply under it does: 3,600 s.
      comment(w, a, "c5", "2021-03-03T09:00:00Z", a),
      comment(w, a, "c5a", "2021-03-03T09:30:00Z", "person-f", { parent: "c5" }),
      comment(w, a, "c5b", "2021-03-03T10:30:00Z", a, { parent: "c5" }),
      // Someone else's post (a mention), another account, another workspace.
      comment(w, a, "c6", "2021-03-02T10:00:00Z", "person-g", { owner: "17840000000000777" }),
      comment(w, "17840000000000999", "c7", "2021-03-02T10:00:00Z", "person-h", {
        owner: "17840000000000999",
      }),
      comment(otherWorkspace, a, "c8", "2021-03-02T10:00:00Z", "person-i"),
    ].join(",\n")}`);
  await execute(`insert into inbox_comment_actions
    (workspace_id, account_id, ig_comment_id, private_reply_at, private_reply_text, private_reply_message_id)
    values ('${w}', '${a}', 'rt-c3', '2021-03-02T12:45:00Z', 'sent you a DM', 'm-1'),
      ('${w}', '${a}', 'rt-c4', '2021-03-02T13:05:00Z', 'sending', null)`);
}, 180_000);

afterAll(async () => {
  await synced?.testApp.close();
});

describe("inbox response times", () => {
  it("counts DMs: the first of several incoming, sent replies only, the period's days in its zone", async () => {
    const body = await jsonOf<{ connected: true; dms: Figures; timeZone: string }>(
      await owner.get(`/api/inbox/response-times?${period}`),
    );
    expect(body.timeZone).toBe("Europe/Berlin");
    // Answered: 60, 300, 600, 3,600, 7,200 and 108,000 seconds; t2 never.
    expect(body.dms).toEqual({
      answered: 6,
      unanswered: 1,
      medianSeconds: 2100,
      p90Seconds: 57_600,
      withinHourShare: 4 / 7,
      withinDayShare: 5 / 7,
    });
  });

  it("counts comments per thread: the account's replies and its confirmed private replies", async () => {
    const body = await jsonOf<{ comments: Figures }>(
      await owner.get(`/api/inbox/response-times?${period}`),
    );
    // Answered: 1,200, 2,700 and 3,600 seconds; c2 and c4 not.
    expect(body.comments).toEqual({
      answered: 3,
      unanswered: 2,
      medianSeconds: 2700,
      p90Seconds: 3420,
      withinHourShare: 3 / 5,
      withinDayShare: 3 / 5,
    });
  });

  it("is the same service the route calls, and leaves a recent unanswered item out of the shares' base", async () => {
    const scope = { workspaceId, accountId };
    const direct = await measureResponseTimes(
      synced.testApp.database.db,
      scope,
      { from: "2021-03-01", to: "2021-03-07", timeZone: "Europe/Berlin" },
      new Date(),
    );
    const route = await jsonOf<{ comments: Figures; dms: Figures }>(
      await owner.get(`/api/inbox/response-times?${period}`),
    );
    expect({ comments: direct.comments, dms: direct.dms }).toEqual({
      comments: route.comments,
      dms: route.dms,
    });

    // Ten minutes ago, unanswered: it is waiting, but its hour has not passed yet.
    const now = new Date("2021-05-01T12:00:00Z");
    await execute(`insert into instagram_messages
      (workspace_id, account_id, conversation_id, ig_message_id, from_id, direction, text, created_time, send_status)
      values ${message(workspaceId, accountId, "t11", "2021-05-01T11:50:00Z", "inbound")}`);
    const recent = await measureDmResponseTimes(synced.testApp.database.db, scope, {
      start: new Date("2021-05-01T00:00:00Z"),
      end: new Date("2021-05-02T00:00:00Z"),
      now,
    });
    expect(recent).toMatchObject({ answered: 0, unanswered: 1, hourBase: 0, dayBase: 0 });
    const later = await measureDmResponseTimes(synced.testApp.database.db, scope, {
      start: new Date("2021-05-01T00:00:00Z"),
      end: new Date("2021-05-02T00:00:00Z"),
      now: new Date("2021-05-01T13:00:00Z"),
    });
    expect(later).toMatchObject({ unanswered: 1, hourBase: 1, dayBase: 0 });
  });

  it("refuses a period that ends before it starts or is too long", async () => {
    expect(
      (await owner.get("/api/inbox/response-times?from=2021-03-07&to=2021-03-01")).status,
    ).toBe(422);
    expect(
      (await owner.get("/api/inbox/response-times?from=2021-01-01&to=2021-06-30")).status,
    ).toBe(422);
    expect(
      (await owner.get(`/api/inbox/response-times?${period.replace("Europe%2FBerlin", "Mars")}`))
        .status,
    ).toBe(400);
  });
});
