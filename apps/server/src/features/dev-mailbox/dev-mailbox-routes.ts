import { type Db, findDevMailboxAttachment, listDevMailboxMessages } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { escapeHtml } from "../../platform/mail/templates.ts";

const attachmentParam = z.object({
  id: z.uuid("Not a message id."),
  index: z.coerce.number().int().min(0).max(20),
});

/**
 * GET /api/dev/mailbox: the embedded mode's outgoing messages, newest first, with their
 * attachments named (GET /api/dev/mailbox/:id/attachments/:index reads one).
 */
export function devMailboxApiRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>()
    .get("/:id/attachments/:index", validate("param", attachmentParam), async (c) => {
      const { id, index } = c.req.valid("param");
      const file = await findDevMailboxAttachment(deps.db, id, index);
      if (!file) throw new AppError("not_found", "This attachment does not exist.");
      return c.body(new Uint8Array(Buffer.from(file.contentBase64, "base64")), 200, {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "no-store",
      });
    })
    .get("/", async (c) => {
      const rows = await listDevMailboxMessages(deps.db);
      return c.json({
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to,
          subject: row.subject,
          text: row.text,
          links: row.links,
          attachments: row.attachments.map((file, index) => ({
            filename: file.filename,
            content_type: file.contentType,
            size: file.size,
            url: `/api/dev/mailbox/${row.id}/attachments/${index}`,
          })),
          sent_at: row.sentAt.toISOString(),
        })),
      });
    });
}

/** GET /dev/mailbox: the same messages as a page, with their links clickable. */
export function devMailboxPage(deps: { db: Db }) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const rows = await listDevMailboxMessages(deps.db);
    const items = rows
      .map((row) => {
        const text = escapeHtml(row.text).replace(
          /https?:\/\/[^\s"'&<>)]+(?:&amp;[^\s"'<>)]+)*/g,
          (url) => `<a href="${url}">${url}</a>`,
        );
        return `<article><header><strong>${escapeHtml(row.subject)}</strong><span>${row.channel === "sms" ? "SMS" : "E-mail"} to ${escapeHtml(row.to)} · <time datetime="${row.sentAt.toISOString()}">${row.sentAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></span></header><pre>${text}</pre></article>`;
      })
      .join("");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox — Sightline</title>
<style>body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:760px;margin:0 auto;padding:32px 16px}h1{font-size:24px;margin:0 0 4px}p.lead{color:#475569;margin:0 0 24px}article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin:0 0 12px}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;margin-bottom:8px}header span{color:#64748b;font-size:13px}pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;margin:0}a{color:#6d28d9}.empty{color:#64748b}</style></head>
<body><main><h1>Dev mailbox</h1><p class="lead">E-mails and text messages Sightline sent while no SMTP server is configured. Newest first. This page does not exist in production.</p>
${items || '<p class="empty">No messages yet. Sign up to receive a confirmation e-mail here.</p>'}</main></body></html>`);
  });
}
