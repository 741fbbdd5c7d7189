export type { ActivityLevel } from "./core/context.ts";
export type { IssueTokenInput } from "./http/control-routes.ts";
export { RUPLOAD_MAX_BODY_BYTES } from "./http/rupload-routes.ts";
export type { FaultSpec } from "./live/faults.ts";
export { metaJson, signBody } from "./live/webhooks.ts";
export type { SandboxLogger } from "./logger.ts";
export { encodeGradientJpeg, parseJpeg } from "./media/jpeg.ts";
export { buildSampleMp4, parseMp4 } from "./media/mp4.ts";
export { renderSampleFeed, sampleFeeds } from "./press/sample-feeds.ts";
export {
  createSandbox,
  type Sandbox,
  type SandboxAccountInfo,
  type SandboxOptions,
} from "./sandbox.ts";
