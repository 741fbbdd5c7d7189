import {
  WEBHOOK_HEADERS,
  type WebhookEventBody,
  type WebhookEventData,
  type WebhookEventType,
} from "@sightline/contracts";

/*
 * /developers' webhook section: one example `data` per event, typed by contracts' payloads
 * (decision 034), so a field renamed there fails the web's typecheck here.
 */

export const webhookDataExamples: { [T in WebhookEventType]: WebhookEventData[T] } = {
  "post.published": {
    post_id: "0f5c3a9e-6f3b-4d87-9a2e-4c1d2b7e8a10",
    account_id: "17841400000000001",
    ig_media_id: "17900000000000123",
    permalink: "https://www.instagram.com/p/C0aBcDeFgHi/",
    published_at: "2026-12-03T17:00:04.000Z",
  },
  "post.failed": {
    post_id: "0f5c3a9e-6f3b-4d87-9a2e-4c1d2b7e8a10",
    account_id: "17841400000000001",
    error: "Photo post failed",
  },
  "dm.received": {
    account_id: "17841400000000001",
    message_id: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQx",
    from_id: "6120349871234567",
    text: "Do you ship to Portugal?",
    sent_at: "2026-12-03T09:15:22.000Z",
    story_reply: false,
  },
  "comment.received": {
    account_id: "17841400000000001",
    comment_id: "17999000000000456",
    parent_id: null,
    media_id: "17900000000000123",
    from_id: "6120349871234567",
    from_username: "north.studio",
    text: "The blue glaze is stunning",
    sent_at: "2026-12-03T09:16:40.000Z",
  },
  "mention.received": {
    source: "press",
    mention_id: "7d1e0c4b-2f8a-4b7e-9c1d-3a5f6e7b8c90",
    title: "Five ceramicists to follow this winter",
    link: "https://example.com/ceramics-winter",
    matched_terms: ["Lena Makes"],
    published_at: "2026-12-02T08:00:00.000Z",
  },
  "automation.sent": {
    account_id: "17841400000000001",
    automation_id: "3b9f2a1c-5d4e-4f6a-8b7c-9d0e1f2a3b4c",
    action: "private_reply",
    result_id: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQy",
    sent_at: "2026-12-03T09:16:42.000Z",
  },
};

export const webhookBodyExample: WebhookEventBody<"post.published"> = {
  id: "evt_5b0f8c2d9e4a7b1c3d6e9f0a2b4c6d8e",
  type: "post.published",
  created_at: "2026-12-03T17:00:05.000Z",
  workspace_id: "2c7d9e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  data: webhookDataExamples["post.published"],
};

/** A receiver in Node (Express), the same check as the server's reference `verifyWebhookSignature`. */
export const webhookVerifyExample = `import { createHmac, timingSafeEqual } from "node:crypto";
import express from "express";

const secret = process.env.SIGHTLINE_WEBHOOK_SECRET; // whsec_…, from Settings → Developers
const app = express();

// The raw body: the signature covers the exact bytes Sightline sent.
app.post("/sightline", express.raw({ type: "application/json" }), (req, res) => {
  const timestamp = req.get("${WEBHOOK_HEADERS.timestamp}");
  const signatures = req.get("${WEBHOOK_HEADERS.signature}") ?? "";
  const body = req.body.toString("utf8");

  // Refuse old (replayed) deliveries: more than 5 minutes from our clock.
  if (!timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) {
    return res.status(400).send("stale");
  }
  const expected = Buffer.from(
    "v1=" + createHmac("sha256", secret).update(\`\${timestamp}.\${body}\`).digest("hex"),
  );
  const valid = signatures
    .split(",")
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  if (!valid) return res.status(401).send("bad signature");

  const event = JSON.parse(body); // { id, type, created_at, workspace_id, data }
  // Deduplicate on event.id: a retry carries the same id.
  res.sendStatus(204);
});

app.listen(3001);`;
