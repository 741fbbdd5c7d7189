export { commentFields, replyFields } from "./account/comments.ts";
export { discoveryMediaFields, hashtagMediaFields } from "./account/discovery.ts";
export type { AccountClient, AccountContext } from "./account/index.ts";
export {
  type AccountInsightsQuery,
  type DemographicBreakdown,
  type DemographicBucket,
  type DemographicsQuery,
  demographicBuckets,
} from "./account/insights.ts";
export { mentionedCommentFields, mentionedMediaFields } from "./account/mentions.ts";
export {
  type LinkButton,
  type MessageAttachmentInput,
  messageFields,
  type SendOptions,
} from "./account/messaging.ts";
export {
  facebookProfileFields,
  instagramProfileFields,
  type ListMediaOptions,
  mediaChildFields,
  mediaFields,
  userProfileFields,
} from "./account/profile-and-media.ts";
export {
  type ContainerInput,
  type ContainerState,
  type CreatedContainer,
  containerParams,
  type PublishingLimitState,
  type UploadVideoInput,
  type UserTag,
} from "./account/publishing.ts";
export { storyMetrics } from "./account/stories.ts";
export {
  type GraphBaseUrls,
  metaBaseUrls,
  sandboxBaseUrls,
  sandboxCdnPrefix,
} from "./base-urls.ts";
export { isMetaCdnUrl, SANDBOX_CDN_SEGMENT } from "./cdn.ts";
export { createGraphClient, type GraphClient, type GraphClientOptions } from "./client.ts";
export {
  GraphApiError,
  type GraphErrorKind,
  isContainerNotReady,
  isGraphApiError,
  isOutsideMessagingWindow,
  isPermissionError,
  isPublishQuotaReached,
  isRateLimited,
  isRetryable,
  isTokenInvalid,
  isUserNotFound,
} from "./errors.ts";
export type { FacebookApi } from "./facebook.ts";
export type { FetchLike, GraphCallInfo, GraphHost, RetryOptions, UsageInfo } from "./http.ts";
export { cleanAuthorizationCode, type OAuthApi, type TokenGrant } from "./oauth.ts";
export { type Page, paginate } from "./pagination.ts";
export { redactSecrets, redactUrl } from "./redact.ts";
export {
  deriveSandboxSecret,
  SANDBOX_APP_ID,
  SANDBOX_INSTAGRAM_APP_ID,
  type SandboxAppCredentials,
  sandboxAppCredentials,
} from "./sandbox-app.ts";
export * from "./schemas/index.ts";
export {
  allFacebookScopes,
  allInstagramScopes,
  facebookScopes,
  instagramScopes,
} from "./scopes.ts";
export { parseSignedRequest, type SignedRequestPayload } from "./signed-request.ts";
export type { AppUsage, BusinessUseCaseUsage, GraphUsage } from "./usage.ts";
export { parseUsageHeaders } from "./usage.ts";
export { answerWebhookChallenge, parseWebhookPayload, verifyWebhookSignature } from "./webhooks.ts";
