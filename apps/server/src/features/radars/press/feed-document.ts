import { parseFeed } from "@rowanmanning/feed-parser";
import { decode } from "html-entities";

/** A feed item as Press Radar keeps it: plain text, one identity, one date. */
export type FeedEntry = {
  /** "guid:<id>" or "link:<url>" — what makes it the same item on the next fetch. */
  key: string;
  title: string;
  link: string | null;
  /** The item's summary or content as plain text. */
  text: string;
  publishedAt: Date | null;
};

export type FeedDocument = {
  title: string | null;
  language: string | null;
  entries: FeedEntry[];
};

export class FeedFormatError extends Error {
  constructor(message = "This address does not serve an RSS or Atom feed.") {
    super(message);
    this.name = "FeedFormatError";
  }
}

const MAX_ENTRIES = 200;
const MAX_TEXT = 4_000;

/** Tags out (block tags become spaces), entities decoded, spacing collapsed. */
export function htmlToText(html: string): string {
  return decode(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

function httpUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Parses RSS (0.9x–2.0, RDF) or Atom through @rowanmanning/feed-parser (MIT). */
export function parseFeedDocument(xml: string, feedUrl: string): FeedDocument {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch {
    throw new FeedFormatError();
  }
  const entries: FeedEntry[] = [];
  const seen = new Set<string>();
  for (const item of feed.items.slice(0, MAX_ENTRIES)) {
    const link = httpUrl(item.url, feedUrl);
    const id = item.id?.trim();
    const key = id ? `guid:${id}` : link ? `link:${link}` : undefined;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const title = htmlToText(item.title ?? "").slice(0, 500);
    const text = htmlToText(item.description ?? item.content ?? "").slice(0, MAX_TEXT);
    if (title === "" && text === "") continue;
    entries.push({
      key: key.slice(0, 2048),
      title: title || text.slice(0, 120),
      link,
      text,
      publishedAt: item.published ?? item.updated ?? null,
    });
  }
  return {
    title: feed.title ? htmlToText(feed.title).slice(0, 200) : null,
    language: feed.language ?? null,
    entries,
  };
}
