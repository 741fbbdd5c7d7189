/** §1.1 — [IG] Business Login for Instagram scopes (the pre-2025 short names no longer work). */
export const instagramScopes = {
  basic: "instagram_business_basic",
  contentPublish: "instagram_business_content_publish",
  manageComments: "instagram_business_manage_comments",
  manageMessages: "instagram_business_manage_messages",
  manageInsights: "instagram_business_manage_insights",
} as const;

/** §1.1 — [FB] Facebook Login for Business permissions. */
export const facebookScopes = {
  instagramBasic: "instagram_basic",
  pagesShowList: "pages_show_list",
  pagesReadEngagement: "pages_read_engagement",
  contentPublish: "instagram_content_publish",
  manageComments: "instagram_manage_comments",
  manageMessages: "instagram_manage_messages",
  pagesManageMetadata: "pages_manage_metadata",
  manageInsights: "instagram_manage_insights",
  businessManagement: "business_management",
} as const;

export const allInstagramScopes: readonly string[] = Object.values(instagramScopes);
export const allFacebookScopes: readonly string[] = Object.values(facebookScopes);
