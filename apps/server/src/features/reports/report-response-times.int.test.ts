import { formatDuration } from "@sightline/contracts";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { inWorkspace, jsonOf } from "../../testing/workspace-members.ts";

/*
 * A report's "Inbox response times" (decision 038's addendum): the web view's figures are the
 * Inbox route's for the same period and zone, and the PDF, parsed back, prints the median.
 */

let synced: SyncedAccount;
let owner: ReturnType<typeof inWorkspace>;

beforeAll(async () => {
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium" },
  );
  owner = inWorkspace(synced.client, synced.connection.workspace_id);
}, 180_000);

afterAll(async () => {
  await synced?.testApp.close();
});

async function pdfText(bytes: Uint8Array) {
  const task = getDocument({ data: bytes, verbosity: 0, disableFontFace: true });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages.join("\n");
}

type Figures = { answered: number; medianSeconds: number | null };

it("prints the Inbox route's response times for the report's period, in the web view and the PDF", async () => {
  const { report } = await jsonOf<{ report: { id: string; timeZone: string } }>(
    await owner.post("/api/reports", {
      name: "Response times",
      accountIds: [synced.connection.instagram_id],
      sections: ["kpis", "response-times"],
    }),
    201,
  );
  const first = await jsonOf<{ period: { from: string; to: string } }>(
    await owner.get(`/api/reports/${report.id}/data`),
  );
  // A DM answered in 20 min 34 s in the middle of the report's period, so there is a median.
  const { workspace_id: workspaceId, instagram_id: accountId } = synced.connection;
  const day = `${first.period.from.slice(0, 8)}15`;
  await synced.testApp.database.db.execute(`insert into instagram_messages
    (workspace_id, account_id, conversation_id, ig_message_id, from_id, direction, text, created_time)
    values ('${workspaceId}', '${accountId}', 'rt-report', 'rt-report-in', 'person', 'inbound', 'hi', '${day}T12:00:00Z'),
      ('${workspaceId}', '${accountId}', 'rt-report', 'rt-report-out', 'business', 'outbound', 'hello', '${day}T12:20:34Z')`);

  const data = await jsonOf<{
    report: { sections: string[] };
    period: { from: string; to: string };
    accounts: Array<{ responseTimes: { comments: Figures; dms: Figures } | null }>;
  }>(await owner.get(`/api/reports/${report.id}/data`));
  expect(data.report.sections).toEqual(["kpis", "response-times"]);
  const { from, to } = data.period;
  const route = await jsonOf<{ comments: Figures; dms: Figures }>(
    await owner.get(
      `/api/inbox/response-times?from=${from}&to=${to}&timezone=${encodeURIComponent(report.timeZone)}`,
    ),
  );
  const figures = data.accounts[0]!.responseTimes!;
  expect(figures).toEqual({ comments: route.comments, dms: route.dms });
  expect(figures.dms.answered).toBeGreaterThanOrEqual(1);
  expect(figures.dms.medianSeconds).not.toBeNull();

  const pdf = await owner.get(`/api/reports/${report.id}/pdf`);
  expect(pdf.status).toBe(200);
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain("Inbox response times");
  expect(text).toContain("Median first response");
  expect(text).toContain(formatDuration(figures.dms.medianSeconds));
  if (figures.comments.medianSeconds !== null) {
    expect(text).toContain(formatDuration(figures.comments.medianSeconds));
  }

  // Without the section, no figures are read.
  await jsonOf(await owner.patch(`/api/reports/${report.id}`, { sections: ["kpis"] }));
  const without = await jsonOf<{ accounts: Array<{ responseTimes: unknown }> }>(
    await owner.get(`/api/reports/${report.id}/data`),
  );
  expect(without.accounts[0]!.responseTimes).toBeNull();
}, 180_000);
