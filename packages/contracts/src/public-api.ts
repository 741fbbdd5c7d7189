import { can, type WorkspaceAction, type WorkspaceRole } from "./workspace-roles.ts";

/*
 * The public REST API (issue 35, decision 033): personal access tokens and the wire schemas of
 * /api/v1. The server enforces them; Settings → Developers reads the same lists. No Zod here:
 * the web app reads these (the request schemas are in public-api-schemas.ts).
 */

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = "slpat_";
/** The prefix plus this many characters of the secret are kept to tell tokens apart. */
export const ACCESS_TOKEN_SHOWN_CHARS = 8;

export const accessTokenScopes = [
  "analytics:read",
  "posts:read",
  "posts:write",
  "inbox:read",
  "inbox:write",
] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];

/**
 * The role action each scope needs. A token never does more than its member's role allows now:
 * a member whose role changes keeps their tokens, and the scopes the new role lacks stop working.
 */
export const scopeActions: Record<AccessTokenScope, WorkspaceAction> = {
  "analytics:read": "read",
  "posts:read": "read",
  "posts:write": "publish",
  "inbox:read": "read",
  "inbox:write": "inbox:write",
};

export const scopeDescriptions: Record<AccessTokenScope, string> = {
  "analytics:read": "Read accounts and their analytics",
  "posts:read": "Read published posts with their metrics, and scheduled posts",
  "posts:write": "Upload files; create, schedule, publish and cancel posts",
  "inbox:read": "Read conversations and comments",
  "inbox:write": "Reply in the inbox",
};

/** Whether `role` may hold (and use) a token with `scope`. */
export function roleAllowsScope(role: WorkspaceRole, scope: AccessTokenScope): boolean {
  return can(role, scopeActions[scope]);
}

/** A token lives this many days, or (null) until it is revoked. */
export const accessTokenExpiries = [7, 30, 90, 365, null] as const;
export type AccessTokenExpiry = (typeof accessTokenExpiries)[number];

/** Most tokens a member keeps in a workspace at once (revoked and expired ones not counted). */
export const MAX_ACCESS_TOKENS_PER_MEMBER = 20;

/** A token as Settings lists it (never its secret, which is shown once at creation). */
export type AccessTokenSummary = {
  id: string;
  name: string;
  /** `slpat_` and the first characters of the secret. */
  prefix: string;
  scopes: AccessTokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Whose token it is (owners and admins see every member's). */
  ownerEmail: string;
  isMine: boolean;
};

/** The requests one token may make per window (headers `RateLimit-*`, 429 beyond). */
export const PUBLIC_API_RATE_LIMIT = { max: 120, windowSeconds: 60 } as const;

/** The header that makes a write safe to retry: the same key answers the first result. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** A key is answered with its first result this long. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const PUBLIC_API_POSTS_DEFAULT_LIMIT = 25;
export const PUBLIC_API_POSTS_MAX_LIMIT = 100;
