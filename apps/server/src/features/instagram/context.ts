import type { Db, InstagramConnectionRow } from "@sightline/db";
import type { AccountClient, GraphClient, GraphUsage } from "@sightline/instagram-graph";
import type { Sandbox } from "@sightline/instagram-sandbox";
import type { Logger } from "../../lib/logger.ts";
import type { BackgroundTasks } from "../../platform/background-tasks.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { AppMetrics } from "../../platform/metrics.ts";
import type { OutgoingEvents } from "../../platform/outgoing-events.ts";
import type { Storage } from "../../platform/storage.ts";
import {
  openInstagramToken,
  type TokenVault,
  instagramTokenContext as tokenContext,
} from "../../platform/token-vault.ts";

/**
 * The apps Sightline talks to Instagram with (a real Meta app, or the sandbox's, secrets derived
 * and stable): built by the composition root (deps.ts) from the environment.
 */
export type InstagramApps = {
  mode: "meta" | "sandbox";
  appId: string;
  appSecret: string;
  instagramAppId: string | undefined;
  instagramAppSecret: string | undefined;
  /** The Verify Token of Meta's webhook handshake (GET /webhooks/instagram). */
  webhookVerifyToken: string;
};

/**
 * A comment or message someone else just sent the account, as its webhook told it: what
 * automations react to (issue 32). Given once per workspace connected to the account.
 */
export type InboxArrival =
  | {
      kind: "comment";
      workspaceId: string;
      accountId: string;
      commentId: string;
      parentId: string | null;
      mediaId: string;
      personId: string;
      username: string | null;
      text: string;
      at: Date;
    }
  | {
      kind: "message";
      workspaceId: string;
      accountId: string;
      messageId: string;
      personId: string;
      text: string | null;
      at: Date;
      /** A story of theirs that mentions the account. */
      storyMention: boolean;
      /** A reply to one of the account's stories. */
      storyReply: boolean;
    };

/**
 * A `mentions` webhook change (contract §6.4) for one workspace connected to the account: someone
 * @mentioned it in a caption (`commentId` null) or a comment. The mentions feature reads it.
 */
export type MentionArrival = {
  workspaceId: string;
  accountId: string;
  mediaId: string;
  commentId: string | null;
  /**
   * Instagram Login: the mentioning comment as its `comments` change carried it (contract §4:
   * "[IG] @mentions arrive inside `comments` webhooks"), stored as is; there is no read-back.
   * Absent for a Facebook Login `mentions` change, which carries ids only.
   */
  comment?: { text: string; authorUsername: string | null; at: Date };
};

/**
 * What the Instagram feature (routes and jobs) works with, built once in the composition root.
 * Jobs get the same object, so a route and a job never build a second Graph client or vault.
 */
export interface InstagramContext {
  db: Db;
  graph: GraphClient;
  graphUsage: Map<string, { usage: GraphUsage; at: number }>;
  vault: TokenVault;
  events: EventBus;
  logger: Logger;
  mailer: Mailer;
  tasks: BackgroundTasks;
  now: Clock;
  publicUrl: string;
  instagram: InstagramApps;
  sandbox: Sandbox | undefined;
  /** The user's e-mail address (for the reconnect e-mail). */
  userEmail: (workspaceId: string, instagramId?: string) => Promise<string | undefined>;
  /** Set right after the queue starts (the queue's jobs receive this very object). */
  queue: JobQueue<InstagramContext>;
  /** Days processed webhook bodies are kept (WEBHOOK_RETENTION_DAYS). */
  webhookRetentionDays: number;
  /** Media files (publishing reads the draft's files from here). */
  storage: Storage;
  /** Webhook lag and publish lateness are counted here (decision 031). */
  metrics: Pick<AppMetrics, "observeWebhookLag" | "observePublishLateness">;
  /**
   * Told of every comment and message someone else sent, before the webhook delivery counts as
   * processed (a failure retries the delivery); set by the composition root (automations).
   */
  onInboxArrivals?: (arrivals: InboxArrival[]) => Promise<void>;
  /**
   * Told of `mentions` changes, before the delivery counts as processed (a failure retries the
   * delivery); set by the composition root (features/mentions, decision 041).
   */
  onMentions?: (arrivals: MentionArrival[]) => Promise<void>;
  /** Outgoing webhooks: publishing tells them a post was published or failed. */
  outgoing: OutgoingEvents;
  /**
   * Tests only: how the publish pipeline sleeps, where it plays a crash, and how often a running
   * publish renews its lease.
   */
  publishRuntime?: {
    sleep: (ms: number) => Promise<void>;
    crashAfter?: (step: "containers" | "publish-requested" | "published") => void;
    renewEveryMs?: number;
  };
}

export { instagramTokenContext as tokenContext } from "../../platform/token-vault.ts";

/** Seals a token for the workspace's connection row. */
export function sealToken(ctx: InstagramContext, workspaceId: string, token: string): string {
  if (token === "") throw new Error("refusing to store an empty Instagram token");
  return ctx.vault.encrypt(token, tokenContext(workspaceId));
}

/** Opens one of a connection row's sealed tokens. */
export function openToken(
  ctx: InstagramContext,
  row: { workspaceId: string; connectedByUserId: string | null },
  sealed: string,
): string {
  return openInstagramToken(ctx.vault, row, sealed);
}

/** A Graph client acting as the connected account. */
export function accountClientFor(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
): AccountClient {
  return ctx.graph.account({
    login: connection.login,
    accessToken: openToken(ctx, connection, connection.accessToken),
    igUserId: connection.instagramId,
    ...(connection.facebookPageId ? { pageId: connection.facebookPageId } : {}),
  });
}

/** Which data a connection's granted permissions unlock, for either login. */
export type Capability = "basic" | "insights" | "comments" | "messages" | "publish";

const capabilityScopes: Record<Capability, readonly string[]> = {
  basic: ["instagram_business_basic", "instagram_basic"],
  insights: ["instagram_business_manage_insights", "instagram_manage_insights"],
  comments: ["instagram_business_manage_comments", "instagram_manage_comments"],
  messages: ["instagram_business_manage_messages", "instagram_manage_messages"],
  publish: ["instagram_business_content_publish", "instagram_content_publish"],
};

export function hasCapability(connection: { scopes: string[] }, capability: Capability): boolean {
  return capabilityScopes[capability].some((scope) => connection.scopes.includes(scope));
}

/** Declares an Instagram job: its `run` receives this feature's context. */
export function defineInstagramJob<Payload>(
  definition: JobDefinition<Payload, InstagramContext>,
): JobDefinition<Payload, InstagramContext> {
  return defineJob(definition);
}
