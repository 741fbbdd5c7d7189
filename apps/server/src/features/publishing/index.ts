export { createPublishingFeature } from "./feature.ts";
export { graphFunctionRoutes } from "./graph-function-routes.ts";
export {
  preparePostJob,
  publishingJobs,
  publishPostJob,
  schedulePublishingJobs,
  sendPublishJobs,
} from "./jobs/index.ts";
export { LEASE_MS, publishTypeOf } from "./pipeline.ts";
export { checkFiles, prePublishCheck } from "./pre-publish-check.ts";
export {
  PREPARE_LEAD_MS,
  postsToRun,
  prepareIfClaimable,
  publishIfClaimable,
} from "./publish-service.ts";
export { QUOTA_REUSE_MS } from "./publishing-quota.ts";
