export { createPublishingFeature } from "./feature.ts";
export { graphFunctionRoutes } from "./graph-function-routes.ts";
export { publishingJobs, publishPostJob, schedulePublishingJobs } from "./jobs/index.ts";
export { LEASE_MS, publishTypeOf } from "./pipeline.ts";
export { checkFiles, prePublishCheck } from "./pre-publish-check.ts";
export { postsToRun, publishIfClaimable } from "./publish-service.ts";
export { QUOTA_REUSE_MS } from "./publishing-quota.ts";
