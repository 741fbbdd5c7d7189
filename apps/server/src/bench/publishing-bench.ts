/*
 * Publishing benchmark (run by `npm run bench publish` through scripts/bench.mjs; not a test):
 * BENCH_POSTS (500) scheduled posts, all due in the same minute, spread over the three
 * connectable sandbox accounts (Instagram allows 400 containers per account per day), published by two workers:
 * the app's own queue and a second queue with its own connections, as a second process would
 * have. Prints posts per minute, lateness after the scheduled time (p50/p99), duplicates (a
 * caption live twice), lost posts (not published) and how many went out from containers made
 * ahead, then a baseline from the same run (a no-op job at the same due times and queue
 * settings) and our p99 ÷ its p99. The sandbox's container processing takes its real 2 s.
 * Uses PostgreSQL when TEST_DATABASE_URL is set, else PGlite (one worker then).
 */
import { randomUUID } from "node:crypto";
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
import { publishingJobs, sendPublishJobs } from "../features/publishing/index.ts";
import { createJobQueue, defineJob } from "../platform/job-queue.ts";
import { createTestApp, TEST_PUBLIC_URL } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";
import { percentile } from "./baseline.ts";

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
    // As scheduling does: the publish job for the time, the prepare job before it.
    await sendPublishJobs(testApp.instagramContext.queue, row, Date.now());
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
  console.log(
    `publish (${engine}, ${second ? "two workers" : "one worker"}, ${total} posts due within one minute over ${users.length} accounts):`,
  );
  console.log(
    `  ${((published.length / ((last - first) / 1000)) * 60).toFixed(0)} posts/minute; lateness p50 ${percentile(lateness, 0.5).toFixed(1)} s, p99 ${percentile(lateness, 0.99).toFixed(1)} s, max ${Math.max(...lateness).toFixed(1)} s`,
  );
  console.log(
    `  published ${published.length}, failed ${failed.length}, lost ${total - published.length - failed.length}, duplicates ${live - captions.size}`,
  );
  // How many went out from containers made ahead (their journal says so), the rest made at the time.
  const madeAhead = (await testApp.database.db.execute(sql`
    select count(distinct post_id)::int as posts from publish_attempts
    where step = 'containers' and message like '%made ahead%'
      and post_id = any(${`{${ids.join(",")}}`}::uuid[])`)) as unknown as {
    rows: Array<{ posts: number }>;
  };
  console.log(`  containers made ahead of the time for ${madeAhead.rows[0]?.posts ?? 0} posts`);
  if (failed[0]) console.log(`  first failure: ${failed[0].error}`);

  // Baseline, same run and database: a job that does nothing, sent for the same spread of due
  // times with the publish job's queue settings; its lateness is the queue's own (due check,
  // fetch), the part of ours no publishing work can remove.
  const baselineLateness: number[] = [];
  const baselineJob = defineJob<{ due: number }, object>({
    name: "bench-publish-baseline",
    version: 1,
    schema: z.object({ due: z.number() }),
    retryLimit: 0,
    concurrency: 10,
    dueCheckSeconds: 1,
    async run(payload) {
      baselineLateness.push((Date.now() - payload.due) / 1000);
    },
  });
  const baselineQueue = await createJobQueue({
    database: testApp.database,
    logger: testApp.instagramContext.logger,
    context: {},
    jobs: [baselineJob],
  });
  const baselineDue = Date.now() + 5_000;
  for (let index = 0; index < total; index++) {
    const due = baselineDue + (index % 60) * 500;
    await baselineQueue.send(baselineJob, { due }, { startAt: new Date(due) });
  }
  const baselineDeadline = Date.now() + 5 * 60_000;
  while (baselineLateness.length < total && Date.now() < baselineDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await baselineQueue.stop();
  const oursP99 = percentile(lateness, 0.99);
  const baselineP99 = percentile(baselineLateness, 0.99);
  console.log(
    `  baseline (a no-op job at the same due times, same queue settings): lateness p50 ${percentile(baselineLateness, 0.5).toFixed(1)} s, p99 ${baselineP99.toFixed(1)} s (${baselineLateness.length} of ${total} ran); ours ÷ baseline at p99: ${(oursP99 / baselineP99).toFixed(2)}`,
  );
  await second?.stop();
  await secondDatabase?.close();
  await testApp.close();
}

await publishBench();
