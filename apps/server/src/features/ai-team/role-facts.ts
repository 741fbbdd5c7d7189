import type { AiFact, PlanId } from "@sightline/contracts";
import type { AnalyticsScope, Db } from "@sightline/db";

/**
 * What every role's fact builder is given (issue 31): the account's stored data through `db`,
 * scoped to one workspace and Instagram account, the user's time zone for days and slots, and
 * the app's clock read once (`now`), so a role's facts are a function of stored data and time.
 */
export type RoleFactsInput = {
  db: Db;
  scope: AnalyticsScope;
  workspace: { id: string; plan: PlanId };
  /** The account's username (without @), for wording. */
  username: string | null;
  /** Followers as last synced, or null. */
  followersCount: number | null;
  /** IANA zone for days, weekdays and slots (the profile's, else UTC). */
  timeZone: string;
  now: Date;
};

/**
 * A role's computed facts and the built-in engine's wording of them. The wording uses only
 * figures that are in the facts (the grounding guard holds model wording to the same rule).
 */
export type RoleFacts = {
  status: "ready" | "not-enough-data";
  period: { from: string; to: string } | null;
  facts: AiFact[];
  /** The built-in engine's headline (one line for the dashboard card). */
  headline: string;
  /** The built-in engine's paragraphs (template sentences over the facts). */
  paragraphs: string[];
};
