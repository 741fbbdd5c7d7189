/*
 * Publishing benchmark (run by `npm run bench publish` through scripts/bench.mjs; not a test):
 * BENCH_POSTS (500) scheduled posts, all due in the same minute, spread over the three
 * connectable sandbox accounts (Instagram allows 400 containers per account per day), published by two workers:
 * the app's own queue and a second queue with its own connections, as a second process would
 * have. Prints posts per minute, lateness after the scheduled time (p50/p99), duplicates (a
 * caption live twice) and lost posts (not published). The sandbox's container processing takes
 * its real 2 s. Uses PostgreSQL when TEST_DATABASE_URL is set, else PGlite (one worker then).
 *
 * The baseline, measured first in the same run (issue 27 point 6): the same number of jobs, due
 * at the same instants, through the same number of pg-boss workers with the publish job's queue
 * settings (due check, concurrency), each doing nothing but recording when it started: the
 * queue's own lateness. Then the posts' lateness is printed beside it, with where it went: the
 * worker's claim after the due time and the rest of the pipeline.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  createDb,
  findInstagramConnection,
  insertScheduledPost,
  listScheduledPosts,
} from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { accountClientFor, type InstagramContext } from "../features/instagram/index.ts";
import { publishingJobs, publishJobStartAt, publishPostJob } from "../features/publishing/index.ts";
import { createJobQueue, defineJob } from "../platform/job-queue.ts";
import { createTestApp, TEST_PUBLIC_URL } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const seconds = (value: number) => `${value.toFixed(2)} s`;
const summary = (values: number[]) =>
  `p50 ${seconds(percentile(values, 0.5))}, p99 ${seconds(percentile(values, 0.99))}, max ${seconds(Math.max(...values))}`;

/** The sandbox's three connectable demo accounts (each may create 400 containers a day). */
const accounts = ["lena.makes", "oona.bakes", "northfield.coffee"];

async function publishBench() {
  const total = Number(process.env.BENCH_POSTS ?? 500);
  const engine = testEngine();
  const testApp = await createTestApp({ sandboxQuotaTotal: 10_000 });
  const users: Array<{ workspaceId: string; accountId: string }> = [];
  for (const username of accounts) {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username,
      login: "instagram",
    });
    users.push({ workspaceId: connection.workspace_id, accountId: connection.instagram_id });
  }
  await testApp.instagramContext.queue.idle({ timeoutMs: 300_000 });

  // A second worker, as a second process would be: its own connection pool and its own queue
  // on the same database.
  const secondContext: InstagramContext = { ...testApp.instagramContext };
  const secondDatabase =
    engine === "postgres"
      ? await createDb({
          databaseUrl: (testApp.database.pool!.options as { connectionString: string })
            .connectionString,
          migrate: false,
        })
      : undefined;
  const second = secondDatabase
    ? await createJobQueue({
        database: secondDatabase,
        logger: testApp.instagramContext.logger,
        jobs: publishingJobs,
        context: secondContext,
      })
    : undefined;
  if (second && secondDatabase) {
    secondContext.queue = second;
    secondContext.db = secondDatabase.db;
  }

  // The baseline: the same jobs through the same number of workers, doing nothing but noting
  // when they started (lateness after their due time, in seconds, per job key).
  const baselineStarts = new Map<number, number[]>();
  const baselineJob = defineJob<{ index: number; dueAt: number }, object>({
    name: "bench-publish-baseline",
    version: 1,
    schema: z.object({ index: z.number().int(), dueAt: z.number() }),
    retryLimit: 0,
    ...(publishPostJob.concurrency !== undefined
      ? { concurrency: publishPostJob.concurrency }
      : {}),
    ...(publishPostJob.dueCheckSeconds !== undefined
      ? { dueCheckSeconds: publishPostJob.dueCheckSeconds }
      : {}),
    async run(payload) {
      const late = (Date.now() - payload.dueAt) / 1000;
      baselineStarts.set(payload.index, [...(baselineStarts.get(payload.index) ?? []), late]);
    },
  });
  const baselineQueues = await Promise.all(
    [testApp.database, ...(secondDatabase ? [secondDatabase] : [])].map((database) =>
      createJobQueue({
        database,
        logger: testApp.instagramContext.logger,
        jobs: [baselineJob],
        context: {},
      }),
    ),
  );
  const baselineDue = Date.now() + 15_000;
  for (let index = 0; index < total; index++) {
    const dueAt = baselineDue + (index % 60) * 500;
    await baselineQueues[0]!.send(baselineJob, { index, dueAt }, { startAt: new Date(dueAt) });
  }
  if (Date.now() > baselineDue)
    console.warn("publish: the baseline's set-up took past its due time");
  const baselineDeadline = Date.now() + 5 * 60_000;
  while (baselineStarts.size < total && Date.now() < baselineDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await Promise.all(baselineQueues.map((queue) => queue.stop()));
  const baselineLateness = [...baselineStarts.values()].map((starts) => starts[0]!);
  const baselineDuplicates = [...baselineStarts.values()].reduce(
    (sum, starts) => sum + starts.length - 1,
    0,
  );

  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const bytes = new Uint8Array(await sample.arrayBuffer());
  const batch = randomUUID().slice(0, 8);
  const dueAt = new Date(Date.now() + 30_000);
  const ids: string[] = [];
  for (let index = 0; index < total; index++) {
    const owner = users[index % users.length]!;
    const key = `${owner.workspaceId}/${Date.now()}-${randomUUID()}.jpg`;
    await testApp.storage.put("instagram-media", key, bytes);
    const { row } = await insertScheduledPost(testApp.database.db, {
      workspaceId: owner.workspaceId,
      accountId: owner.accountId,
      mediaUrl: `/storage/instagram-media/${key}`,
      mediaType: "IMAGE",
      caption: `Bench ${batch} #${index}`,
      // All due within the same minute.
      scheduledTime: new Date(dueAt.getTime() + (index % 60) * 500),
      status: "scheduled",
      timeZone: "UTC",
      items: [{ bucket: "instagram-media", key, mediaType: "image" }],
      postType: "IMAGE",
    });
    ids.push(row.id);
    await testApp.instagramContext.queue.send(
      publishPostJob,
      { postId: row.id },
      // As the scheduler sends it (schedule-draft.ts): a few seconds ahead, to prepare.
      { startAt: publishJobStartAt(row.scheduledTime) },
    );
  }
  if (Date.now() > dueAt.getTime()) console.warn("publish: setting up took past the due time");
  const deadline = Date.now() + 10 * 60_000;
  let rows = (
    await Promise.all(
      users.map((user) => listScheduledPosts(testApp.database.db, user.workspaceId)),
    )
  ).flat();
  const mine = () => rows.filter((row) => row.caption.startsWith(`Bench ${batch} `));
  while (mine().some((row) => row.status === "scheduled" || row.status === "publishing")) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    rows = (
      await Promise.all(
        users.map((user) => listScheduledPosts(testApp.database.db, user.workspaceId)),
      )
    ).flat();
  }
  const published = mine().filter((row) => row.status === "published");
  const failed = mine().filter((row) => row.status === "failed");
  const lateness = published.map(
    (row) => (row.publishedAt!.getTime() - row.scheduledTime.getTime()) / 1000,
  );
  const first = Math.min(...published.map((row) => row.scheduledTime.getTime()));
  const last = Math.max(...published.map((row) => row.publishedAt!.getTime()));

  let live = 0;
  const captions = new Set<string>();
  for (const user of users) {
    const connection = await findInstagramConnection(testApp.database.db, user.workspaceId);
    const client = accountClientFor(testApp.instagramContext, connection!);
    let after: string | undefined;
    do {
      const page = await client.listMedia({
        limit: 100,
        fields: "id,caption",
        ...(after ? { after } : {}),
      });
      for (const media of page.data) {
        if (!media.caption?.startsWith(`Bench ${batch} `)) continue;
        live++;
        captions.add(media.caption);
      }
      after = page.nextCursor;
    } while (after);
  }
  // Where the lateness went: from the due time to the worker's claim (its first journal line),
  // and from the claim to the post live.
  const claims = (await testApp.database.db.execute(sql`
    select a.post_id as id, min(a.at) as at from publish_attempts a
    where a.post_id = any(${`{${ids.join(",")}}`}::uuid[]) and a.step = 'check' and a.outcome = 'started'
    group by a.post_id`)) as unknown as { rows: Array<{ id: string; at: string | Date }> };
  const claimedAt = new Map(claims.rows.map((row) => [row.id, new Date(row.at).getTime()]));
  const claimLateness = published
    .filter((row) => claimedAt.has(row.id))
    .map((row) => (claimedAt.get(row.id)! - row.scheduledTime.getTime()) / 1000);
  const claimToLive = published
    .filter((row) => claimedAt.has(row.id))
    .map((row) => (row.publishedAt!.getTime() - claimedAt.get(row.id)!) / 1000);
  const workers = second ? "two workers" : "one worker";
  console.log(
    `publish (${engine}, ${workers}, ${total} posts due within one minute over ${users.length} accounts; load average ${readFileSync("/proc/loadavg", "utf8").split(" ", 3).join(" ")}):`,
  );
  console.log(
    `  baseline: ${baselineLateness.length} no-op jobs through ${workers} with the publish job's queue settings, start lateness ${summary(baselineLateness)}; ${total - baselineLateness.length} not run, ${baselineDuplicates} run twice`,
  );
  console.log(
    `  ${((published.length / ((last - first) / 1000)) * 60).toFixed(0)} posts/minute; lateness (live after the due time) ${summary(lateness)}; p99 ${(percentile(lateness, 0.99) / Math.max(0.001, percentile(baselineLateness, 0.99))).toFixed(1)}× the baseline's p99 (target p99 ≤ 2 s)`,
  );
  if (claimLateness.length > 0) {
    console.log(
      `  of which: due → claimed (relative to the due time; negative = prepared ahead) ${summary(claimLateness)}; claimed → live ${summary(claimToLive)}`,
    );
  }
  console.log(
    `  published ${published.length}, failed ${failed.length}, lost ${total - published.length - failed.length}, duplicates ${live - captions.size}`,
  );
  if (failed[0]) console.log(`  first failure: ${failed[0].error}`);
  await second?.stop();
  await secondDatabase?.close();
  await testApp.close();
}

await publishBench();
