import { type Db, type devMailboxMessages, insertDevMailboxMessage } from "@sightline/db";
import nodemailer from "nodemailer";
import type { Logger } from "../../lib/logger.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Files sent with the message (a scheduled report's PDF). */
  attachments?: OutgoingAttachment[];
}

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  sendEmail(message: OutgoingEmail): Promise<void>;
  sendSms(message: OutgoingSms): Promise<void>;
}

const linkPattern = /https?:\/\/[^\s"'<>)]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(linkPattern) ?? [])];
}

/** SMTP through nodemailer (production). SMS needs a provider: none is configured yet. */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async sendEmail(message) {
      const { attachments, ...rest } = message;
      await transport.sendMail({
        from: options.from,
        ...rest,
        ...(attachments
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }
          : {}),
      });
      // No address or subject at info level: both are personal data.
      options.logger.info({ channel: "email" }, "e-mail sent");
    },
    async sendSms() {
      throw new Error("Text messages are not available: no SMS provider is configured.");
    },
  };
}

/**
 * The embedded default: every message is stored (readable at /dev/mailbox and
 * GET /api/dev/mailbox) and printed to the console with its links.
 */
export function createDevMailbox(options: { db: Db; logger: Logger; print?: boolean }): Mailer {
  const print = options.print ?? true;
  async function store(row: typeof devMailboxMessages.$inferInsert) {
    await insertDevMailboxMessage(options.db, row);
    if (print) {
      const links = row.links?.length ? `\n  ${row.links.join("\n  ")}` : "";
      console.info(`\n[dev mailbox] ${row.channel} to ${row.to}: ${row.subject}${links}\n`);
    }
  }
  return {
    kind: "dev-mailbox",
    async sendEmail(message) {
      await store({
        channel: "email",
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: extractLinks(message.text),
        attachments: (message.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.byteLength,
          contentBase64: Buffer.from(file.content).toString("base64"),
        })),
      });
    },
    async sendSms(message) {
      await store({
        channel: "sms",
        to: message.to,
        subject: "Text message",
        text: message.text,
        links: extractLinks(message.text),
      });
    },
  };
}
