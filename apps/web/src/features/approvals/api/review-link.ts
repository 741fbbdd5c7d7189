import type { ReviewLinkDecisionInput } from "@sightline/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/*
 * A review link's page (issue 33 point 2): no session; the token is the only credential and
 * travels in the body.
 */

/** POST /api/review-links/view: the post as it will look. */
export const reviewLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["review-links", token] as const,
    queryFn: () => unwrap(api["review-links"].view.$post({ json: { token } })),
    retry: false,
  });

/** POST /api/review-links/decision: Approve or Request changes, with the reviewer's name. */
export const decideReviewLink = (body: ReviewLinkDecisionInput) =>
  unwrap(api["review-links"].decision.$post({ json: body }));
