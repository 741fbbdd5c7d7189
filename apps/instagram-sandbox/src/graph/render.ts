import type { GraphContext } from "../core/context.ts";
import { type FieldNode, parseFields } from "../http/fields.ts";
import { invalidParameter, unknownField } from "../http/graph-fault.ts";
import { intParam, stringParam } from "../http/params.ts";

export type FieldResolver<T> = (value: T, field: FieldNode, ctx: GraphContext) => unknown;

/** A Graph node type: its name (for error messages), default fields and field resolvers. */
export type NodeType<T> = {
  name: string;
  defaults: readonly string[];
  fields: Readonly<Record<string, FieldResolver<T>>>;
};

export function requestedFields(ctx: GraphContext): FieldNode[] | undefined {
  const text = stringParam(ctx.params, "fields");
  if (text === undefined || text.trim() === "") return undefined;
  return parseFields(text);
}

/** Renders the requested fields (or defaults); an unknown field fails the whole call (§0). */
export function renderNode<T>(
  type: NodeType<T>,
  value: T,
  fields: FieldNode[] | undefined,
  ctx: GraphContext,
): Record<string, unknown> {
  const selection = fields ?? type.defaults.map((name) => ({ name, modifiers: {} }));
  const out: Record<string, unknown> = {};
  for (const field of selection) {
    const resolver = type.fields[field.name];
    if (!resolver) throw unknownField(field.name, type.name);
    const rendered = resolver(value, field, ctx);
    if (rendered !== undefined) out[field.name] = rendered;
  }
  // Meta always echoes the id last-ish when it exists; keep it even if not requested explicitly.
  if (out.id === undefined && type.fields.id && fields !== undefined) {
    const id = type.fields.id(value, { name: "id", modifiers: {} }, ctx);
    if (id !== undefined) out.id = id;
  }
  return out;
}

// --- paging ----------------------------------------------------------------------------------

const cursorPrefix = "QVFI"; // Meta cursors are base64 strings starting "QVFI…"

export function encodeCursor(id: string, key: number): string {
  return cursorPrefix + Buffer.from(`${id}|${key}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { id: string; key: number } {
  if (!cursor.startsWith(cursorPrefix)) throw invalidParameter("Invalid cursor");
  const text = Buffer.from(cursor.slice(cursorPrefix.length), "base64url").toString("utf8");
  const [id, key] = text.split("|");
  if (!id || key === undefined || !Number.isFinite(Number(key)))
    throw invalidParameter("Invalid cursor");
  return { id, key: Number(key) };
}

export type PageOptions<T> = {
  idOf: (item: T) => string;
  keyOf: (item: T) => number;
  /** Order of `items`: newest first (descending key) or oldest first. */
  descending: boolean;
  limit: number | undefined;
  after: string | undefined;
  before: string | undefined;
  defaultLimit: number;
  maxLimit: number;
};

export type PageResult<T> = {
  items: T[];
  hasNext: boolean;
  hasPrevious: boolean;
  first?: T;
  last?: T;
};

function pageItems<T>(items: readonly T[], options: PageOptions<T>): PageResult<T> {
  const limit = Math.max(1, Math.min(options.maxLimit, options.limit ?? options.defaultLimit));
  const position = (cursor: string): number => {
    const { id, key } = decodeCursor(cursor);
    const index = items.findIndex((item) => options.idOf(item) === id);
    if (index >= 0) return index;
    // The item is gone (deleted); fall back to where its sort key would sit.
    const fallback = items.findIndex((item) =>
      options.descending ? options.keyOf(item) < key : options.keyOf(item) > key,
    );
    return fallback < 0 ? items.length : fallback - 0.5;
  };
  let start = 0;
  let end = Math.min(items.length, limit);
  if (options.after !== undefined) {
    start = Math.floor(position(options.after)) + 1;
    end = Math.min(items.length, start + limit);
  } else if (options.before !== undefined) {
    end = Math.ceil(position(options.before));
    start = Math.max(0, end - limit);
  }
  const page = items.slice(start, end);
  return {
    items: page,
    hasNext: end < items.length,
    hasPrevious: start > 0,
    ...(page.length > 0 ? { first: page[0], last: page[page.length - 1] } : {}),
  };
}

export type PagingQuery = {
  limit: number | undefined;
  after: string | undefined;
  before: string | undefined;
};

export function pagingQuery(ctx: GraphContext): PagingQuery {
  return {
    limit: intParam(ctx.params, "limit"),
    after: stringParam(ctx.params, "after"),
    before: stringParam(ctx.params, "before"),
  };
}

/** The public URL of this Graph request, for `paging.next`/`previous`. */
export function graphUrl(
  ctx: GraphContext,
  path: string,
  query: Record<string, string | undefined>,
): string {
  const url = new URL(ctx.core.sandboxUrl(`/${ctx.hostName}/${ctx.version ?? "v23.0"}${path}`));
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, value);
  // Meta puts the token into paging URLs; clients must treat them as secrets.
  if (ctx.rawToken !== undefined) url.searchParams.set("access_token", ctx.rawToken);
  return url.toString();
}

export type CollectionOptions<T> = {
  idOf: (item: T) => string;
  keyOf: (item: T) => number;
  render: (item: T) => Record<string, unknown>;
  /** Path for next/previous links; defaults to the request path. */
  path?: string;
  /** Extra query to keep in links (fields, limit…); defaults to the request's own query. */
  query?: Record<string, string | undefined>;
  /** Hashtag media only page forward (§7.2). */
  forwardOnly?: boolean;
};

function collectionResponse<T>(
  ctx: GraphContext,
  result: PageResult<T>,
  options: CollectionOptions<T>,
): Record<string, unknown> {
  const data = result.items.map(options.render);
  if (!result.first || !result.last) return { data };
  const before = encodeCursor(options.idOf(result.first), options.keyOf(result.first));
  const after = encodeCursor(options.idOf(result.last), options.keyOf(result.last));
  const base: Record<string, string | undefined> =
    options.query ??
    Object.fromEntries(
      Object.entries(ctx.params)
        .filter(([key]) => !["access_token", "after", "before"].includes(key))
        .map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
    );
  const path = options.path ?? ctx.path;
  const paging: Record<string, unknown> = {
    cursors: options.forwardOnly ? { after } : { before, after },
  };
  if (result.hasNext) paging.next = graphUrl(ctx, path, { ...base, after });
  if (result.hasPrevious && !options.forwardOnly)
    paging.previous = graphUrl(ctx, path, { ...base, before });
  return { data, paging };
}

/**
 * Pages `items` and renders the page as a Graph collection (`data` + `paging`): `pageItems`
 * followed by `collectionResponse` with the same `idOf`/`keyOf`.
 */
export function respondWithPage<T>(
  ctx: GraphContext,
  items: readonly T[],
  options: CollectionOptions<T> & {
    /** Order of `items`: newest first (descending key) or oldest first. */
    descending: boolean;
    defaultLimit: number;
    maxLimit: number;
    /** Limit and cursors to page by; defaults to the request's `limit`/`after`/`before`. */
    paging?: PagingQuery;
  },
): Record<string, unknown> {
  const { descending, defaultLimit, maxLimit, paging, ...collection } = options;
  const result = pageItems(items, {
    ...(paging ?? pagingQuery(ctx)),
    idOf: collection.idOf,
    keyOf: collection.keyOf,
    descending,
    defaultLimit,
    maxLimit,
  });
  return collectionResponse(ctx, result, collection);
}

/** A nested edge inside `fields` (e.g. `children{…}`, `media.limit(5){…}`). */
export function renderEdge<T>(
  ctx: GraphContext,
  field: FieldNode,
  items: readonly T[],
  type: NodeType<T>,
  options: {
    idOf: (item: T) => string;
    keyOf: (item: T) => number;
    descending: boolean;
    defaultLimit: number;
    maxLimit: number;
    path: string;
  },
): Record<string, unknown> {
  const limitText = field.modifiers.limit;
  const limit = limitText !== undefined ? Number(limitText) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0))
    throw invalidParameter("Invalid limit modifier");
  const fieldsText = field.children ? serialiseFields(field.children) : undefined;
  return respondWithPage(ctx, items, {
    ...options,
    paging: { limit, after: field.modifiers.after, before: field.modifiers.before },
    render: (item) => renderNode(type, item, field.children, ctx),
    query: { fields: fieldsText, limit: limit !== undefined ? String(limit) : undefined },
  });
}

export function serialiseFields(nodes: readonly FieldNode[]): string {
  return nodes
    .map((node) => {
      const modifiers = Object.entries(node.modifiers)
        .map(([key, value]) => `.${key}(${value})`)
        .join("");
      return `${node.name}${modifiers}${node.children ? `{${serialiseFields(node.children)}}` : ""}`;
    })
    .join(",");
}
