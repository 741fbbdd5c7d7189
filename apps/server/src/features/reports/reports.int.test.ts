import { formatCount, type WorkspaceRole } from "@sightline/contracts";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SafeFetchTransport } from "../../lib/safe-fetch.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import {
  createVerifiedUser,
  mailboxFor,
  setPersonalPlan,
  uniqueEmail,
} from "../../testing/factories.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { inWorkspace, joinWorkspace, jsonOf as json } from "../../testing/workspace-members.ts";
import { topPostThumbnails } from "./post-thumbnails.ts";
import { lastCompletePeriod } from "./report-period.ts";
import { sendDueReports } from "./send-reports.job.ts";

/*
 * Client reports (issue 33 points 4-6): the numbers equal the analytics API's for the same
 * period, the PDF parses back with the account and its figures, a scheduled report reaches the
 * dev mailbox once per period with two passes racing and after a "restart", a failure is kept
 * and retried, and each role sees what it may. One app, one synced account, for the file.
 */

let synced: SyncedAccount;
let owner: ReturnType<typeof inWorkspace>;
let workspaceId: string;
let accountId: string;
let username: string;

async function pdfText(bytes: Uint8Array) {
  const task = getDocument({ data: bytes, verbosity: 0, disableFontFace: true });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return { pages: doc.numPages, text: pages.join("\n") };
}

/** Image XObjects painted on each page of a PDF. */
async function pdfImages(bytes: Uint8Array): Promise<number[]> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const task = getDocument({ data: bytes.slice(), verbosity: 0, disableFontFace: true });
  const doc = await task.promise;
  const counts: number[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const { fnArray } = await (await doc.getPage(number)).getOperatorList();
    counts.push(fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
  }
  await task.destroy();
  return counts;
}

/** What "Meta's CDN" answers (the route passes the bytes on; the PDF's images are the sandbox's). */
const cdnJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** What "Meta's CDN" was asked for. Every host answers here, so only a refusal keeps a URL off. */
const cdnHops: string[] = [];
const transport: SafeFetchTransport = async ({ url }) => {
  cdnHops.push(url.href);
  if (url.pathname === "/gone.jpg") return new Response("URL signature expired", { status: 403 });
  return new Response(new Uint8Array(cdnJpeg), { headers: { "content-type": "image/jpeg" } });
};

async function join(role: Exclude<WorkspaceRole, "owner">) {
  const member = await joinWorkspace(synced.testApp, owner, workspaceId, role);
  const me = (await member.client.get("/api/auth/get-session").then((r) => r.json())) as {
    user: { id: string };
  };
  return { ...member, userId: me.user.id };
}

type Report = { id: string; timeZone: string; sharedWith: string[] };
type ReportData = {
  period: { from: string; to: string; label: string };
  accounts: Array<{
    accountId: string;
    username: string;
    overview: { kpis: Record<string, unknown>; topPosts: unknown[] };
    audience: { followersCount: number; growth: unknown };
    posts: unknown[];
    analyst: { headline: string } | null;
  }>;
};

const sections = ["kpis", "growth", "top-posts", "audience", "posts-table", "analyst"];

beforeAll(async () => {
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      plan: "premium",
      outboundFetch: { lookup: async () => [{ address: "157.240.1.1", family: 4 }], transport },
    },
  );
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  username = synced.connection.instagram_username;
  owner = inWorkspace(synced.client, workspaceId);
}, 180_000);

afterAll(async () => {
  await synced?.testApp.close();
});

describe("client reports", () => {
  let report: Report;

  it("builds a report whose numbers are the analytics API's, and a PDF that says them", async () => {
    // The Analyst's explanation, as the AI team's daily job would leave it.
    expect((await owner.post("/api/ai-team/analyst/refresh")).status).toBe(200);
    ({ report } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Monthly report for Lena",
        accountIds: [accountId],
        sections,
        coverNote: "Here is how October went.",
        accentColor: "#0f766e",
      }),
      201,
    ));
    const data = await json<ReportData>(await owner.get(`/api/reports/${report.id}/data`));
    const expected = lastCompletePeriod("monthly", new Date(), report.timeZone);
    expect(data.period).toEqual(expected);
    const { from, to } = data.period;
    const zone = encodeURIComponent(report.timeZone);
    const overview = await json<{ kpis: unknown; topPosts: unknown }>(
      await owner.get(`/api/analytics/overview?from=${from}&to=${to}&timezone=${zone}`),
    );
    const audience = await json<{ followersCount: number; growth: unknown }>(
      await owner.get(`/api/analytics/audience?timezone=${zone}`),
    );
    const posts = await json<{ items: unknown[] }>(
      await owner.get(
        `/api/analytics/posts?from=${from}&to=${to}&sort=reach&order=desc&limit=15&timezone=${zone}`,
      ),
    );
    const [account] = data.accounts;
    expect(account!.overview.kpis).toEqual(overview.kpis);
    expect(account!.overview.topPosts).toEqual(overview.topPosts);
    expect(account!.audience.followersCount).toBe(audience.followersCount);
    expect(account!.audience.growth).toEqual(audience.growth);
    expect(account!.posts).toEqual(posts.items);
    expect(account!.posts.length).toBeGreaterThan(0);
    expect(account!.analyst?.headline).toBeTruthy();

    const pdf = await owner.get(`/api/reports/${report.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`-${from}-${to}.pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const parsed = await pdfText(bytes);
    expect(parsed.pages).toBeGreaterThanOrEqual(2);
    expect(parsed.text).toContain(`@${username}`);
    expect(parsed.text).toContain("Monthly report for Lena");
    expect(parsed.text).toContain("Here is how October went.");
    const kpis = overview.kpis as Record<string, { value: number | null }>;
    expect(kpis.reach!.value).not.toBeNull();
    expect(parsed.text).toContain(formatCount(kpis.reach!.value));
    expect(parsed.text).toContain(formatCount(kpis.followers!.value));
  }, 120_000);

  it("refuses what is not valid, with 422 and the field", async () => {
    const bad = await owner.post("/api/reports", {
      name: "x",
      accountIds: [accountId],
      sections: ["kpis"],
      accentColor: "purple",
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("#rrggbb");
    const foreign = await owner.post("/api/reports", {
      name: "x",
      accountIds: ["999999999"],
      sections: ["kpis"],
    });
    expect(foreign.status).toBe(422);
    const noRecipients = await owner.patch(`/api/reports/${report.id}`, { scheduleEnabled: true });
    expect(noRecipients.status).toBe(422);
    const long = await owner.get(`/api/reports/${report.id}/data?from=2026-01-01&to=2026-06-30`);
    expect(long.status).toBe(422);
  });

  it("e-mails a scheduled report once per period, with two workers racing and after a restart", async () => {
    const a = uniqueEmail("client-a");
    const b = uniqueEmail("client-b");
    // The PATCH queues a pass at once; two more race it, and one more runs after ("restart").
    const patched = await owner.patch(`/api/reports/${report.id}`, {
      scheduleEnabled: true,
      recipients: [a, b],
    });
    expect(patched.status).toBe(200);
    // The change is in the audit log, naming what changed.
    const audited = (await synced.testApp.database.db.execute(
      `select details from audit_events where workspace_id = '${workspaceId}' and target = '${report.id}' and action = 'report.updated'`,
    )) as unknown as { rows: Array<{ details: { changed: string[] } }> };
    expect(audited.rows.map((row) => row.details.changed)).toContainEqual([
      "recipients",
      "scheduleEnabled",
    ]);
    const ctx = synced.testApp.reportsContext;
    await Promise.all([sendDueReports({ ...ctx }), sendDueReports({ ...ctx })]);
    await ctx.queue.idle({ timeoutMs: 60_000 });
    expect(await sendDueReports({ ...ctx })).toBe(0);

    for (const to of [a, b]) {
      const messages = await mailboxFor(synced.client, to);
      expect(messages).toHaveLength(1);
    }
    const listing = await json<{
      messages: Array<{ to: string; attachments: Array<{ filename: string; url: string }> }>;
    }>(await synced.client.get("/api/dev/mailbox"));
    const sent = listing.messages.find((message) => message.to === a)!;
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments[0]!.filename).toMatch(/^monthly-report-for-lena-.*\.pdf$/);
    const attached = await synced.client.get(sent.attachments[0]!.url);
    expect(attached.headers.get("content-type")).toBe("application/pdf");
    const parsed = await pdfText(new Uint8Array(await attached.arrayBuffer()));
    expect(parsed.text).toContain(`@${username}`);

    const { sendings } = await json<{
      sendings: Array<{ status: string; attempts: number; recipients: number }>;
    }>(await owner.get(`/api/reports/${report.id}`));
    expect(sendings).toHaveLength(1);
    expect(sendings[0]).toMatchObject({ status: "sent", recipients: 2 });
  }, 120_000);

  it("keeps a failed sending with its error, and sends it on the next pass", async () => {
    const to = uniqueEmail("weekly");
    const { report: weekly } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Weekly",
        accountIds: [accountId],
        sections: ["kpis"],
        frequency: "weekly",
      }),
      201,
    );
    const ctx = synced.testApp.reportsContext;
    const failing: Mailer = {
      ...ctx.mailer,
      sendEmail: async () => {
        throw new Error("SMTP said 451: try again later");
      },
    };
    // Switched on straight through the database, so the PATCH's own pass does not run first.
    await synced.testApp.database.db.execute(
      `update client_reports set schedule_enabled = true, recipients = '["${to}"]' where id = '${weekly.id}'`,
    );
    await sendDueReports({ ...ctx, mailer: failing });
    const failed = await json<{ sendings: Array<{ id: string; status: string; error: string }> }>(
      await owner.get(`/api/reports/${weekly.id}`),
    );
    expect(failed.sendings[0]).toMatchObject({
      status: "failed",
      error: "SMTP said 451: try again later",
    });
    expect(await mailboxFor(synced.client, to)).toHaveLength(0);
    await sendDueReports({ ...ctx });
    const retried = await json<{ sendings: Array<{ status: string; attempts: number }> }>(
      await owner.get(`/api/reports/${weekly.id}`),
    );
    expect(retried.sendings[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(await mailboxFor(synced.client, to)).toHaveLength(1);
    expect((await owner.delete(`/api/reports/${weekly.id}`)).status).toBe(204);
    // Building and deleting a report are in the workspace's audit log (changing: above).
    const audited = (await synced.testApp.database.db.execute(
      `select action from audit_events where workspace_id = '${workspaceId}' and target = '${weekly.id}' order by created_at`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audited.rows.map((row) => row.action)).toEqual(["report.created", "report.deleted"]);
  }, 120_000);

  it("shows a Client only the reports shared with them; analysts read; editors build", async () => {
    const client = await join("client");
    const analyst = await join("analyst");
    const editor = await join("editor");
    const { report: shared } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Shared with the client",
        accountIds: [accountId],
        sections: ["kpis"],
        sharedWith: [client.userId],
      }),
      201,
    );
    expect(shared.sharedWith).toEqual([client.userId]);
    // Only Client-role members can be given a report.
    const notClient = await owner.patch(`/api/reports/${shared.id}`, {
      sharedWith: [analyst.userId],
    });
    expect(notClient.status).toBe(422);

    const seen = await json<{ reports: Array<{ id: string }> }>(
      await client.in.get("/api/reports"),
    );
    expect(seen.reports.map((row) => row.id)).toEqual([shared.id]);
    expect((await client.in.get(`/api/reports/${report.id}`)).status).toBe(404);
    expect((await client.in.get(`/api/reports/${report.id}/pdf`)).status).toBe(404);
    expect((await client.in.get(`/api/reports/${shared.id}/data`)).status).toBe(200);
    const clientPdf = await client.in.get(`/api/reports/${shared.id}/pdf`);
    expect(clientPdf.status).toBe(200);
    const own = await json<{ report: { recipients: string[] }; sendings: unknown[] }>(
      await client.in.get(`/api/reports/${shared.id}`),
    );
    expect(own.sendings).toEqual([]);
    expect((await client.in.get("/api/analytics/overview")).status).toBe(403);
    expect((await client.in.post("/api/reports", { name: "x" })).status).toBe(403);

    const analystSees = await json<{ reports: unknown[] }>(await analyst.in.get("/api/reports"));
    expect(analystSees.reports.length).toBeGreaterThanOrEqual(2);
    expect((await analyst.in.get(`/api/reports/${report.id}/pdf`)).status).toBe(200);
    const analystBuild = await analyst.in.post("/api/reports", {
      name: "x",
      accountIds: [accountId],
      sections: ["kpis"],
    });
    expect(analystBuild.status).toBe(403);
    expect((await analyst.in.delete(`/api/reports/${report.id}`)).status).toBe(403);

    const built = await editor.in.post("/api/reports", {
      name: "By the editor",
      accountIds: [accountId],
      sections: ["kpis"],
    });
    expect(built.status).toBe(201);
  }, 180_000);

  it("answers 404 for another workspace's report, and 403 plan_required below Premium", async () => {
    const stranger = await createVerifiedUser(synced.testApp);
    const strangerWorkspace = await setPersonalPlan(synced.testApp, stranger.email, "premium");
    const theirs = inWorkspace(stranger.client, strangerWorkspace);
    expect((await theirs.get(`/api/reports/${report.id}`)).status).toBe(404);
    expect((await theirs.get(`/api/reports/${report.id}/pdf`)).status).toBe(404);
    expect((await theirs.delete(`/api/reports/${report.id}`)).status).toBe(404);
    const intoVictim = inWorkspace(stranger.client, workspaceId);
    expect((await intoVictim.get(`/api/reports/${report.id}`)).status).toBe(404);
    const listed = await json<{ reports: unknown[] }>(await theirs.get("/api/reports"));
    expect(listed.reports).toEqual([]);

    await setPersonalPlan(synced.testApp, synced.email, "pro");
    try {
      const refused = await owner.post("/api/reports", {
        name: "x",
        accountIds: [accountId],
        sections: ["kpis"],
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        "plan_required",
      );
      expect((await owner.get(`/api/reports/${report.id}/pdf`)).status).toBe(403);
      const list = await json<{ allowed: boolean; reports: unknown[] }>(
        await owner.get("/api/reports"),
      );
      expect(list).toMatchObject({ allowed: false, reports: [] });
    } finally {
      await setPersonalPlan(synced.testApp, synced.email, "premium");
    }
  }, 120_000);
});

describe("top posts' thumbnails", () => {
  const future = () => Math.floor(Date.now() / 1000 + 7 * 86_400).toString(16);
  let report: Report;
  let topPosts: Array<{ id: string }>;
  const thumbnail = (postId: string, id = report.id) =>
    `/api/reports/${id}/posts/${encodeURIComponent(postId)}/thumbnail`;
  const storedUrl = async (postId: string) =>
    (
      (await synced.testApp.database.db.execute(
        `select thumbnail_url from instagram_media where workspace_id = '${workspaceId}' and ig_media_id = '${postId}'`,
      )) as unknown as { rows: Array<{ thumbnail_url: string | null }> }
    ).rows[0]!.thumbnail_url;
  const setStoredUrl = (postId: string, url: string | null) =>
    synced.testApp.database.db.execute(
      `update instagram_media set thumbnail_url = ${url === null ? "null" : `'${url}'`} where workspace_id = '${workspaceId}' and ig_media_id = '${postId}'`,
    );

  beforeAll(async () => {
    ({ report } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Thumbnails",
        accountIds: [accountId],
        sections: ["top-posts", "posts-table"],
      }),
      201,
    ));
    const data = await json<ReportData>(await owner.get(`/api/reports/${report.id}/data`));
    topPosts = data.accounts[0]!.overview.topPosts as Array<{ id: string }>;
    expect(topPosts.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("serves a top post's image to the owner and to a Client the report is shared with, no one else", async () => {
    const response = await owner.get(thumbnail(topPosts[0]!.id));
    expect(response.status).toBe(200);
    // The sandbox's CDN draws SVG, served script-free as the media proxy does.
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await response.text()).toContain("<svg");

    const client = await join("client");
    const { report: shared } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Shared thumbnails",
        accountIds: [accountId],
        sections: ["top-posts"],
        sharedWith: [client.userId],
      }),
      201,
    );
    expect((await client.in.get(thumbnail(topPosts[0]!.id, shared.id))).status).toBe(200);
    // The same post under a report not shared with them: as if it did not exist.
    const unshared = await client.in.get(thumbnail(topPosts[0]!.id));
    expect(unshared.status).toBe(404);
    expect(unshared.headers.get("cache-control")).toBe("no-store");

    const stranger = await createVerifiedUser(synced.testApp);
    const strangerWorkspace = await setPersonalPlan(synced.testApp, stranger.email, "premium");
    const theirs = inWorkspace(stranger.client, strangerWorkspace);
    expect((await theirs.get(thumbnail(topPosts[0]!.id))).status).toBe(404);
    expect(
      (await inWorkspace(stranger.client, workspaceId).get(thumbnail(topPosts[0]!.id))).status,
    ).toBe(404);
  }, 120_000);

  it("answers 404 for a post that is not among the report's top posts", async () => {
    const data = await json<ReportData>(await owner.get(`/api/reports/${report.id}/data`));
    const topIds = new Set(topPosts.map((post) => post.id));
    const other = (data.accounts[0]!.posts as Array<{ id: string }>).find(
      (post) => !topIds.has(post.id),
    );
    expect(other).toBeDefined();
    expect((await owner.get(thumbnail(other!.id))).status).toBe(404);
    expect((await owner.get(thumbnail("17999999999999999"))).status).toBe(404);
    // A report without the top posts section shows no thumbnails.
    const { report: kpisOnly } = await json<{ report: Report }>(
      await owner.post("/api/reports", {
        name: "Figures only",
        accountIds: [accountId],
        sections: ["kpis"],
      }),
      201,
    );
    expect((await owner.get(thumbnail(topPosts[0]!.id, kpisOnly.id))).status).toBe(404);
    expect((await owner.get(thumbnail("not an id"))).status).toBe(422);
  }, 60_000);

  it("reads Meta's CDN through the media proxy's fetch and refuses any other host", async () => {
    const postId = topPosts[1]!.id;
    const original = await storedUrl(postId);
    try {
      await setStoredUrl(postId, `https://scontent.cdninstagram.com/v/t51/post.jpg?oe=${future()}`);
      const served = await owner.get(thumbnail(postId));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(cdnJpeg);

      // A stored address off Meta's CDN is never fetched: Instagram is asked for a fresh one.
      const before = cdnHops.length;
      await setStoredUrl(postId, `https://evil.example/post.jpg?oe=${future()}`);
      const replaced = await owner.get(thumbnail(postId));
      expect(replaced.status).toBe(200);
      expect(replaced.headers.get("content-type")).toBe("image/svg+xml");
      expect(await storedUrl(postId)).toMatch(/\/sandbox\/scontent\.cdninstagram\.com\/v\//);
      expect(cdnHops.length).toBe(before);
      // The function itself refuses any host that is not Meta's CDN (or the sandbox's).
      const fetchCdnImage = synced.testApp.reportsContext.fetchCdnImage;
      for (const src of [
        "https://evil.example/a.jpg",
        "http://scontent.cdninstagram.com/a.jpg",
        "https://127.0.0.1/a.jpg",
      ]) {
        await expect(fetchCdnImage(src)).rejects.toMatchObject({ code: "bad_request" });
      }
      expect(cdnHops.length).toBe(before);
    } finally {
      await setStoredUrl(postId, original);
    }
  }, 60_000);

  it("draws each top post's thumbnail in the PDF, and a placeholder where one fails", async () => {
    const broken = topPosts[2]!.id;
    const original = await storedUrl(broken);
    try {
      await setStoredUrl(broken, `https://scontent.cdninstagram.com/gone.jpg?oe=${future()}`);
      const pdf = await owner.get(`/api/reports/${report.id}/pdf`);
      expect(pdf.status).toBe(200);
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const images = await pdfImages(bytes);
      // The sandbox's CDN gives JPEGs to a client that takes no SVG; the expired one is left out.
      expect(images.reduce((a, b) => a + b, 0)).toBe(topPosts.length - 1);
      expect((await pdfText(bytes)).text).toContain("Top posts by reach");
    } finally {
      await setStoredUrl(broken, original);
    }
  }, 120_000);

  it("draws what arrived within the report's time budget", async () => {
    const data = await json<ReportData>(await owner.get(`/api/reports/${report.id}/data`));
    const ctx = synced.testApp.reportsContext;
    const started = Date.now();
    const images = await topPostThumbnails(
      { ...ctx, fetchCdnImage: () => new Promise(() => {}) },
      workspaceId,
      data as never,
      { budgetMs: 300 },
    );
    expect(images.size).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);
});
