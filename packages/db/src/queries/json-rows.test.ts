import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { instagramComments } from "../schema/index.ts";
import { jsonRows } from "./json-rows.ts";

const dialect = new PgDialect();
const row = {
  workspaceId: "7b0f6a52-5d1e-4f55-9d8e-0c5a1f3f1a10",
  accountId: "1784",
  igCommentId: "c1",
  igMediaId: "m1",
  mediaOwnerId: "1784",
  userIgsid: "u1",
  text: "Hello",
  createdAt: new Date("2026-11-30T10:00:00.000Z"),
};

describe("jsonRows", () => {
  it("sends the rows as one JSON parameter under the columns' own names, as the driver would write them", () => {
    const { select } = jsonRows(instagramComments, [row, { ...row, igCommentId: "c2" }]);
    const query = dialect.sqlToQuery(select);
    expect(query.sql).toBe(
      'select "workspace_id", "account_id", "ig_comment_id", "ig_media_id", "media_owner_id", "user_igsid", "text", "created_at" from json_populate_recordset(null::"instagram_comments", $1::json)',
    );
    expect(query.params).toHaveLength(1);
    expect(JSON.parse(String(query.params[0]))).toEqual([
      expect.objectContaining({ ig_comment_id: "c1", created_at: "2026-11-30T10:00:00.000Z" }),
      expect.objectContaining({ ig_comment_id: "c2", text: "Hello" }),
    ]);
  });

  it("gives a column one row leaves out what VALUES would: NULL, or Drizzle's own default", () => {
    const { text: _text, ...withoutText } = row;
    const { select } = jsonRows(instagramComments, [withoutText, row]);
    const query = dialect.sqlToQuery(select);
    expect(query.sql).toContain(
      '"ig_comment_id", "ig_media_id", "media_owner_id", "user_igsid", "created_at", "text"',
    );
    const records = JSON.parse(String(query.params[0])) as Array<Record<string, unknown>>;
    expect(records.map((record) => record.text)).toEqual([null, "Hello"]);
  });

  it("refuses a column with a database default that only some rows name (JSON cannot say DEFAULT)", () => {
    const stored = { ...row, storedAt: new Date("2026-11-30T11:00:00.000Z") };
    expect(() => jsonRows(instagramComments, [row, stored])).toThrow(
      /stored_at has a database default, so every row must name it or none/,
    );
    expect(() => jsonRows(instagramComments, [stored, stored])).not.toThrow();
  });
});
