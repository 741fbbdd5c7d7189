export { readAudienceSignals } from "./audience-signals.ts";
export { byHashtagRank, median, rankHashtags } from "./caption-draft.ts";
export { publishingFunctionRoutes } from "./content-tool-routes.ts";
export { onlineFollowersGrid } from "./online-followers-grid.ts";
export {
  type AudienceSignals,
  optimalTimes,
  postEngagementSamples,
  type Slot,
  scoreGrid,
} from "./optimal-times.ts";
