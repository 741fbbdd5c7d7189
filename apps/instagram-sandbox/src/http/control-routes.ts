import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { ActivityLevel, SandboxCore } from "../core/context.ts";
import { faultSpecSchema } from "../live/faults.ts";

export type IssueTokenInput = z.infer<typeof issueTokenSchema>;

export const issueTokenSchema = z.object({
  username: z.string(),
  login: z.enum(["instagram", "facebook"]),
  /** short/long user tokens, or a Page token (Facebook only). */
  kind: z.enum(["short", "long", "page"]).default("long"),
  scopes: z.array(z.string()).optional(),
  /** Backdate the token, e.g. to test the ≥ 24 h refresh rule. */
  issuedAgoSeconds: z.number().min(0).default(0),
  /** Override the lifetime; null = never expires. */
  expiresInSeconds: z.number().nullable().optional(),
});

export type SimulateCommentInput = z.infer<typeof simulateCommentSchema>;

const simulateCommentSchema = z.object({
  username: z.string(),
  mediaId: z.string().optional(),
  text: z.string().optional(),
  from: z.string().optional(),
});

export type SimulateMessageInput = z.infer<typeof simulateMessageSchema>;

const simulateMessageSchema = z.object({
  username: z.string(),
  text: z.string().optional(),
  from: z.string().optional(),
  /** A mention of the account in the person's story (a DM with a story_mention attachment). */
  storyMention: z.boolean().optional(),
  /** A reply to the account's story (`reply_to.story`). */
  replyToStory: z.boolean().optional(),
});

export type SimulateStoryInput = z.infer<typeof simulateStorySchema>;

/** The account posts a story now (it lives 24 h, then its expiry sends `story_insights`). */
const simulateStorySchema = z.object({
  username: z.string(),
  /** Posted this long ago (still live: under 24 h), so its insights have grown. */
  postedMinutesAgo: z.number().int().min(0).max(1439).optional(),
});

export type SimulateMentionInput = z.infer<typeof simulateMentionSchema>;

const simulateMentionSchema = z.object({
  /** The account that is mentioned. */
  username: z.string(),
  kind: z.enum(["caption", "comment", "tag"]).optional(),
  /** A public account's username: who mentions it. */
  from: z.string().optional(),
  text: z.string().max(2200).optional(),
});

/**
 * `space`: the `x-sandbox-space` header, naming whose copy of the demo world a call acts on
 * (`default` for the shared one); undefined when the call names none, which means the space whose
 * owner last gave consent (decision 015). The clock, faults and activity level are the whole
 * sandbox's.
 */
export type ControlApi = {
  tick(): Promise<{ events: number }>;
  reset(space: string | undefined): void;
  setActivity(level: ActivityLevel): void;
  issueToken(
    space: string | undefined,
    input: IssueTokenInput,
  ): {
    access_token: string;
    expires_at: number | null;
    user_id: string;
  };
  revokeTokens(space: string | undefined, username: string): void;
  advanceClock(ms: number): void;
  simulateComment(
    space: string | undefined,
    input: SimulateCommentInput,
  ): { id: string } | undefined;
  simulateMessage(space: string | undefined, input: SimulateMessageInput): { id: string };
  simulateStory(space: string | undefined, input: SimulateStoryInput): { id: string };
  simulateMention(
    space: string | undefined,
    input: SimulateMentionInput,
  ): { media_id: string; comment_id?: string } | undefined;
  forceContainer(
    space: string | undefined,
    id: string,
    status: "ERROR" | "EXPIRED",
    subcode?: number,
  ): boolean;
  sendSignedRequest(
    space: string | undefined,
    input: {
      username: string;
      login: "instagram" | "facebook";
      callback: "deauthorize" | "data-deletion";
    },
  ): Promise<{ status: number; body: string }>;
  summary(space: string | undefined): unknown;
  /** Drops a user's copy (memory and file), as `Sandbox.forgetSpace` does. */
  forgetSpace(space: string): void;
  /** Whether a header value names a space (or `default`). */
  isSpace(space: string): boolean;
};

/** The space a control call names in `x-sandbox-space`, if any. */
function spaceOf(c: Context): string | undefined {
  return c.req.header("x-sandbox-space") ?? undefined;
}

async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T> | Response> {
  let json: unknown = {};
  try {
    const text = await c.req.text();
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return c.json({ error: { message: "Body must be JSON" } }, 400);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return c.json(
      { error: { message: "Invalid control request", issues: parsed.error.issues } },
      400,
    );
  return parsed.data;
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/_control/*` — test and demo hooks. They exist only inside the sandbox app, and every call
 * must carry the per-process token in `x-sandbox-control-token` and come from the sandbox's own
 * origin (no foreign Origin, no cross-site fetch metadata); bodies must be JSON, so a plain HTML
 * form elsewhere cannot reach them.
 */
export function registerControlRoutes(app: Hono, core: SandboxCore, api: ControlApi): void {
  app.use("/_control/*", async (c, next) => {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if ((origin && origin !== core.options.publicOrigin) || site === "cross-site") {
      return c.json({ error: { message: "Cross-site control requests are refused" } }, 403);
    }
    if (!sameToken(c.req.header("x-sandbox-control-token"), core.options.controlToken)) {
      return c.json({ error: { message: "Control token required" } }, 403);
    }
    const type = c.req.header("content-type") ?? "";
    if (
      c.req.method !== "GET" &&
      c.req.method !== "DELETE" &&
      !/^application\/json\b/i.test(type)
    ) {
      return c.json({ error: { message: "Control requests must send application/json" } }, 415);
    }
    const space = spaceOf(c);
    if (space !== undefined && !api.isSpace(space)) {
      return c.json({ error: { message: "x-sandbox-space does not name a space" } }, 400);
    }
    return next();
  });

  app.get("/_control/state", (c) => c.json(api.summary(spaceOf(c)) as object));

  app.post("/_control/faults", async (c) => {
    const spec = await body(c, faultSpecSchema);
    if (spec instanceof Response) return spec;
    return c.json(core.faults.add(spec), 201);
  });
  app.get("/_control/faults", (c) => c.json({ data: core.faults.list() }));
  app.delete("/_control/faults", (c) => {
    core.faults.clear();
    return c.json({ success: true });
  });

  app.post("/_control/containers/:id", async (c) => {
    const input = await body(
      c,
      z.object({ status: z.enum(["ERROR", "EXPIRED"]), subcode: z.number().int().optional() }),
    );
    if (input instanceof Response) return input;
    if (!api.forceContainer(spaceOf(c), c.req.param("id"), input.status, input.subcode)) {
      return c.json({ error: { message: "Unknown container" } }, 404);
    }
    return c.json({ success: true });
  });

  app.post("/_control/activity", async (c) => {
    const input = await body(c, z.object({ level: z.enum(["off", "low", "high"]) }));
    if (input instanceof Response) return input;
    api.setActivity(input.level);
    return c.json({ success: true, level: input.level });
  });

  app.post("/_control/tick", async (c) => c.json(await api.tick()));

  // The app dashboard's settings a test may flip: "Require App Secret" (appsecret_proof), and
  // Meta's messaging rate limits (§5.4), lowered so a test reaches them.
  app.post("/_control/settings", async (c) => {
    const input = await body(
      c,
      z
        .object({
          requireAppSecretProof: z.boolean(),
          privateRepliesPerHour: z.number().int().min(1).max(100_000),
          sendsPerSecond: z.number().int().min(1).max(10_000),
        })
        .partial(),
    );
    if (input instanceof Response) return input;
    if (input.requireAppSecretProof !== undefined)
      core.options.requireAppSecretProof = input.requireAppSecretProof;
    if (input.privateRepliesPerHour !== undefined)
      core.options.privateRepliesPerHour = input.privateRepliesPerHour;
    if (input.sendsPerSecond !== undefined) core.options.sendsPerSecond = input.sendsPerSecond;
    return c.json({
      requireAppSecretProof: core.options.requireAppSecretProof,
      privateRepliesPerHour: core.options.privateRepliesPerHour,
      sendsPerSecond: core.options.sendsPerSecond,
    });
  });

  app.post("/_control/clock", async (c) => {
    const input = await body(c, z.object({ advanceMs: z.number().int().min(0) }));
    if (input instanceof Response) return input;
    api.advanceClock(input.advanceMs);
    return c.json({ success: true, now: new Date(core.now()).toISOString() });
  });

  // A host whose user was deleted drops that user's copy (decision 032: a shared sandbox is told
  // over HTTP what a mounted one is told in process). The space must be named: never "whoever
  // consented last", and never the default world.
  app.delete("/_control/space", (c) => {
    const space = spaceOf(c);
    if (space === undefined || space === "default") {
      return c.json({ error: { message: "x-sandbox-space must name a user's copy" } }, 400);
    }
    api.forgetSpace(space);
    return c.json({ success: true });
  });

  app.post("/_control/reset", (c) => {
    api.reset(spaceOf(c));
    return c.json({ success: true });
  });

  app.post("/_control/tokens", async (c) => {
    const input = await body(c, issueTokenSchema);
    if (input instanceof Response) return input;
    try {
      return c.json(api.issueToken(spaceOf(c), input), 201);
    } catch (error) {
      return c.json(
        { error: { message: error instanceof Error ? error.message : String(error) } },
        400,
      );
    }
  });

  app.post("/_control/tokens/revoke", async (c) => {
    const input = await body(c, z.object({ username: z.string() }));
    if (input instanceof Response) return input;
    api.revokeTokens(spaceOf(c), input.username);
    return c.json({ success: true });
  });

  app.post("/_control/simulate/comment", async (c) => {
    const input = await body(c, simulateCommentSchema);
    if (input instanceof Response) return input;
    const result = api.simulateComment(spaceOf(c), input);
    return result
      ? c.json(result, 201)
      : c.json({ error: { message: "No media to comment on" } }, 404);
  });

  // §1.5 — what Meta POSTs to the deauthorize and data-deletion callbacks.
  app.post("/_control/signed-request", async (c) => {
    const input = await body(
      c,
      z.object({
        username: z.string(),
        login: z.enum(["instagram", "facebook"]).default("instagram"),
        callback: z.enum(["deauthorize", "data-deletion"]),
      }),
    );
    if (input instanceof Response) return input;
    try {
      return c.json(await api.sendSignedRequest(spaceOf(c), input));
    } catch (error) {
      return c.json(
        { error: { message: error instanceof Error ? error.message : String(error) } },
        502,
      );
    }
  });

  app.post("/_control/simulate/message", async (c) => {
    const input = await body(c, simulateMessageSchema);
    if (input instanceof Response) return input;
    return c.json(api.simulateMessage(spaceOf(c), input), 201);
  });

  app.post("/_control/simulate/story", async (c) => {
    const input = await body(c, simulateStorySchema);
    if (input instanceof Response) return input;
    return c.json(api.simulateStory(spaceOf(c), input), 201);
  });

  app.post("/_control/simulate/mention", async (c) => {
    const input = await body(c, simulateMentionSchema);
    if (input instanceof Response) return input;
    const result = api.simulateMention(spaceOf(c), input);
    return result
      ? c.json(result, 201)
      : c.json({ error: { message: "No public account to mention from" } }, 404);
  });
}
