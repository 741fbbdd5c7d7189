import { MAX_PRESS_SOURCES } from "@sightline/contracts";
import {
  countPressSources,
  type Db,
  insertPressMentions,
  insertPressSource,
  listPressKeywords,
  listPressSources,
  type PressKeywordRow,
  type PressSourceRow,
  updatePressSource,
} from "@sightline/db";
import { AppError } from "../../../lib/app-error.ts";
import { detectLanguage, sentimentOf } from "../../../lib/sentiment.ts";
import { dateOf } from "../../../platform/clock.ts";
import { pausedByPlan, planOf } from "../../plans/index.ts";
import type { RadarsContext } from "../context.ts";
import type { FeedDocument } from "./feed-document.ts";
import { FeedSourceError } from "./feed-fetcher.ts";
import { matchKeywords, snippetAround } from "./keyword-matcher.ts";

type PressDeps = Pick<RadarsContext, "db" | "events" | "feeds" | "now" | "logger" | "outgoing">;

/** The feed address as stored: parsed and re-serialized (so one feed is one row). */
function canonicalUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    url.hash = "";
    return url.href;
  } catch {
    throw new AppError(
      "bad_request",
      "That is not a valid web address. Feed addresses start with https://.",
    );
  }
}

/**
 * Matches a fetched document's items against the keywords and stores the new mentions; each new
 * one is a `mention.received` for the outgoing webhooks.
 */
export async function storeMentions(
  deps: Pick<PressDeps, "db" | "now" | "outgoing">,
  workspaceId: string,
  source: Pick<PressSourceRow, "id">,
  document: FeedDocument,
  keywords: PressKeywordRow[],
): Promise<number> {
  if (keywords.length === 0) return 0;
  const now = dateOf(deps.now);
  const rows = document.entries.flatMap((entry) => {
    const full = `${entry.title}\n${entry.text}`;
    const matched = matchKeywords(full, keywords);
    if (matched.length === 0) return [];
    const terms = matched.map((keyword) => keyword.term);
    const { snippet, highlights } = snippetAround(entry.text || entry.title, terms);
    const language = detectLanguage(full, document.language);
    const sentiment = sentimentOf(full, language);
    // A date in the future (a feed's clock, a typo) would pin the item to the top for ever.
    const publishedAt =
      entry.publishedAt && entry.publishedAt.getTime() <= now.getTime() ? entry.publishedAt : now;
    return [
      {
        workspaceId,
        sourceId: source.id,
        itemKey: entry.key,
        title: entry.title,
        link: entry.link,
        snippet,
        highlights,
        keywordIds: matched.map((keyword) => keyword.id),
        matchedTerms: terms,
        publishedAt,
        language,
        sentiment: sentiment.label,
        sentimentScore: sentiment.score,
      },
    ];
  });
  const created = await insertPressMentions(deps.db, rows);
  for (const mention of created) {
    await deps.outgoing.emit(workspaceId, {
      type: "mention.received",
      key: mention.id,
      data: {
        source: "press",
        mention_id: mention.id,
        title: mention.title.slice(0, 500),
        link: mention.link,
        matched_terms: mention.matchedTerms,
        published_at: mention.publishedAt.toISOString(),
      },
    });
  }
  return created.length;
}

/**
 * Adds a feed: the address is checked and the feed fetched and parsed before anything is stored,
 * so a refusal (private address, not a feed, too large, too slow) reaches the person at once.
 */
export async function addPressSource(deps: PressDeps, workspaceId: string, rawUrl: string) {
  const url = canonicalUrl(rawUrl);
  if ((await countPressSources(deps.db, workspaceId)) >= MAX_PRESS_SOURCES) {
    throw new AppError("forbidden", `You can follow up to ${MAX_PRESS_SOURCES} feeds.`);
  }
  if ((await listPressSources(deps.db, workspaceId)).some((source) => source.url === url)) {
    throw new AppError("conflict", "You already follow this feed.");
  }
  let result: Awaited<ReturnType<PressDeps["feeds"]["fetch"]>>;
  try {
    result = await deps.feeds.fetch(url);
  } catch (error) {
    if (error instanceof FeedSourceError) throw new AppError("bad_request", error.message);
    throw error;
  }
  if (result.status !== "ok") {
    throw new AppError("bad_request", "The feed sent no content.");
  }
  const title = result.document.title || new URL(url).hostname;
  const source = await insertPressSource(deps.db, { workspaceId, url, title });
  if (!source) throw new AppError("conflict", "You already follow this feed.");
  const now = dateOf(deps.now);
  const updated = await updatePressSource(deps.db, workspaceId, source.id, {
    etag: result.etag,
    lastModified: result.lastModified,
    lastFetchedAt: now,
    lastError: null,
  });
  const created = await storeMentions(
    deps,
    workspaceId,
    source,
    result.document,
    await activePressKeywords(deps.db, workspaceId),
  );
  await deps.events.publish(workspaceId, "press-radar:updated", { newMentions: created });
  return { source: updated ?? source, newMentions: created };
}

/**
 * Fetches one source with conditional GET and stores what is new. A failure is recorded on the
 * source (in plain words) and never thrown: one broken feed does not stop the others.
 */
export async function fetchPressSource(
  deps: PressDeps,
  workspaceId: string,
  source: PressSourceRow,
  keywords: PressKeywordRow[],
  options: { force?: boolean } = {},
): Promise<{ newMentions: number; error?: string }> {
  const now = dateOf(deps.now);
  try {
    const result = await deps.feeds.fetch(
      source.url,
      options.force ? undefined : { etag: source.etag, lastModified: source.lastModified },
    );
    if (result.status === "not-modified") {
      await updatePressSource(deps.db, workspaceId, source.id, {
        lastFetchedAt: now,
        lastError: null,
      });
      return { newMentions: 0 };
    }
    const newMentions = await storeMentions(deps, workspaceId, source, result.document, keywords);
    // Validators are kept only once the items are stored: a crash in between refetches them.
    await updatePressSource(deps.db, workspaceId, source.id, {
      etag: result.etag,
      lastModified: result.lastModified,
      lastFetchedAt: now,
      lastError: null,
    });
    return { newMentions };
  } catch (error) {
    const message =
      error instanceof FeedSourceError ? error.message : "The feed could not be read.";
    if (!(error instanceof FeedSourceError)) {
      deps.logger.warn({ err: error, sourceId: source.id }, "press source fetch failed");
    }
    await updatePressSource(deps.db, workspaceId, source.id, {
      lastFetchedAt: now,
      lastError: message,
    });
    return { newMentions: 0, error: message };
  }
}

/** Every source of the user that is not muted, one after another. */
export async function fetchUserPressSources(
  deps: PressDeps,
  workspaceId: string,
  options: { force?: boolean } = {},
) {
  const sources = (await listPressSources(deps.db, workspaceId)).filter(
    (source) => !source.isMuted,
  );
  const keywords = await activePressKeywords(deps.db, workspaceId);
  let newMentions = 0;
  let failed = 0;
  for (const source of sources) {
    const result = await fetchPressSource(deps, workspaceId, source, keywords, options);
    newMentions += result.newMentions;
    if (result.error) failed += 1;
  }
  await deps.events.publish(workspaceId, "press-radar:updated", { newMentions, failed });
  return { sources: sources.length, newMentions, failed };
}

/**
 * The keywords new articles are matched against: over the plan's limit after a downgrade, the
 * last in line are paused, not deleted (issue 30 point 6).
 */
async function activePressKeywords(db: Db, workspaceId: string) {
  const keywords = await listPressKeywords(db, workspaceId);
  const paused = pausedByPlan({ plan: await planOf(db, workspaceId) }, "pressKeywords", keywords);
  return keywords.filter((keyword) => !paused.has(keyword.id));
}
