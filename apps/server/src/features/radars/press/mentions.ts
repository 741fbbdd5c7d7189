import type { ListMentionsQuery } from "@sightline/contracts";
import { type Db, listPressMentions } from "@sightline/db";
import { z } from "zod";
import { AppError } from "../../../lib/app-error.ts";
import { highlightRanges } from "./keyword-matcher.ts";

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = cursor.split("|");
  const publishedAt = new Date(at ?? "");
  if (Number.isNaN(publishedAt.getTime()) || !z.uuid().safeParse(id).success) {
    throw new AppError("bad_request", "The cursor is not valid; load the list again.");
  }
  return { publishedAt, id: id! };
}

/**
 * Press Radar's mentions (issue 17), newest first, one keyset page at a time (`nextCursor` is
 * the last item's `<publishedAt ISO>|<id>`), filtered by source, keyword or sentiment.
 */
export async function listMentions(db: Db, workspaceId: string, query: ListMentionsQuery) {
  const rows = await listPressMentions(db, {
    workspaceId,
    sourceId: query.sourceId,
    keywordId: query.keywordId,
    sentiment: query.sentiment,
    after: parseCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ mention, sourceTitle }) => ({
      id: mention.id,
      sourceId: mention.sourceId,
      sourceTitle,
      title: mention.title,
      titleHighlights: highlightRanges(mention.title, mention.matchedTerms),
      link: mention.link,
      snippet: mention.snippet,
      highlights: mention.highlights,
      keywordIds: mention.keywordIds,
      matchedTerms: mention.matchedTerms,
      publishedAt: mention.publishedAt.toISOString(),
      language: mention.language,
      sentiment: mention.sentiment,
      sentimentScore: mention.sentimentScore,
      isSeen: mention.seenAt !== null,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? `${last.mention.publishedAt.toISOString()}|${last.mention.id}`
        : null,
  };
}
