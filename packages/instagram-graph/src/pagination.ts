import type { GraphPaging } from "./schemas/common.ts";

/** One page of a Graph collection; `nextCursor` is undefined on the last page (no `next`). */
export type Page<T> = {
  data: T[];
  nextCursor: string | undefined;
  previousCursor: string | undefined;
};

export function toPage<T>(collection: { data: T[]; paging?: GraphPaging | undefined }): Page<T> {
  const paging = collection.paging;
  return {
    data: collection.data,
    // §0: `next` is omitted on the last page, while `cursors.after` may still be present.
    nextCursor: paging?.next !== undefined ? paging.cursors?.after : undefined,
    previousCursor: paging?.previous !== undefined ? paging.cursors?.before : undefined,
  };
}

/** Walks pages until the last one or `maxPages`, yielding items. */
export async function* paginate<T>(
  fetchPage: (after: string | undefined) => Promise<Page<T>>,
  options: { maxPages?: number } = {},
): AsyncGenerator<T> {
  const maxPages = options.maxPages ?? 100;
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(after);
    yield* result.data;
    if (result.nextCursor === undefined || result.nextCursor === after) return;
    after = result.nextCursor;
  }
}
