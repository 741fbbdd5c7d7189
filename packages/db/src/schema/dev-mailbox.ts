import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type DevMailboxAttachment = {
  filename: string;
  contentType: string;
  size: number;
  contentBase64: string;
};

/**
 * Outgoing e-mail and SMS in the embedded mode (no SMTP_URL): stored here, printed to the
 * console and readable at /dev/mailbox. Never written when SMTP is configured.
 */
export const devMailboxMessages = pgTable(
  "dev_mailbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    /** Files sent with the e-mail (a scheduled report's PDF), their bytes in base64. */
    attachments: jsonb("attachments").$type<DevMailboxAttachment[]>().notNull().default([]),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("dev_mailbox_messages_sent_at_idx").on(table.sentAt)],
);
