import type { Transport } from "../http.ts";
import { createCommentsApi } from "./comments.ts";
import { createDiscoveryApi } from "./discovery.ts";
import { createInsightsApi } from "./insights.ts";
import { createMentionsApi } from "./mentions.ts";
import { createMessagingApi } from "./messaging.ts";
import { createProfileAndMediaApi } from "./profile-and-media.ts";
import { createPublishingApi } from "./publishing.ts";
import { type AccountContext, createAccountScope } from "./scope.ts";
import { createStoriesApi } from "./stories.ts";

export function createAccountClient(
  transport: Transport,
  context: AccountContext,
  uploadTimeoutMs: number,
) {
  const scope = createAccountScope(transport, context, uploadTimeoutMs);
  return {
    context,
    ...createProfileAndMediaApi(scope),
    ...createInsightsApi(scope),
    ...createCommentsApi(scope),
    ...createMessagingApi(scope),
    ...createDiscoveryApi(scope),
    ...createPublishingApi(scope),
    ...createStoriesApi(scope),
    ...createMentionsApi(scope),
  };
}

export type AccountClient = ReturnType<typeof createAccountClient>;
export type { AccountContext } from "./scope.ts";
