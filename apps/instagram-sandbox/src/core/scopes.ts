/** §1.1 — every scope the consent pages know; the order defines the bitmask in tokens. */
export const instagramLoginScopes = [
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
  "instagram_business_manage_insights",
] as const;

export const facebookLoginScopes = [
  "instagram_basic",
  "pages_show_list",
  "pages_read_engagement",
  "instagram_content_publish",
  "instagram_manage_comments",
  "instagram_manage_messages",
  "pages_manage_metadata",
  "instagram_manage_insights",
  "business_management",
  "ads_management",
  "ads_read",
  "public_profile",
  "email",
  "pages_messaging",
] as const;

const allScopes: readonly string[] = [...instagramLoginScopes, ...facebookLoginScopes];

export const scopeDescriptions: Record<string, string> = {
  instagram_business_basic: "Access your profile and media",
  instagram_business_content_publish: "Publish content",
  instagram_business_manage_comments: "Manage and reply to comments",
  instagram_business_manage_messages: "Manage and reply to messages",
  instagram_business_manage_insights: "Access insights",
  instagram_basic: "Access profile and posts from the Instagram account connected to your Page",
  pages_show_list: "Show a list of the Pages you manage",
  pages_read_engagement: "Read content posted on the Page",
  instagram_content_publish: "Create and publish content on the Instagram account",
  instagram_manage_comments: "Manage comments for the Instagram account",
  instagram_manage_messages: "Manage messages for the Instagram account",
  pages_manage_metadata: "Manage accounts, settings and webhooks for a Page",
  instagram_manage_insights: "Read insights for the Instagram account",
  business_management: "Manage your business",
  ads_management: "Manage your ads",
  ads_read: "Read your ads",
  public_profile: "Your public profile",
  email: "Your email address",
  pages_messaging: "Manage and access Page conversations in Messenger",
};

export function scopesToMask(scopes: readonly string[]): number {
  let mask = 0;
  for (const scope of scopes) {
    const index = allScopes.indexOf(scope);
    if (index >= 0) mask |= 1 << index;
  }
  return mask >>> 0;
}

export function maskToScopes(mask: number): string[] {
  return allScopes.filter((_, index) => (mask & (1 << index)) !== 0);
}

export type Capability =
  | "basic"
  | "publish"
  | "comments"
  | "messages"
  | "insights"
  | "metadata"
  | "hashtags";

/**
 * Which grants unlock a capability, per login family (§1.1); every one listed is needed.
 * `null`: not available with that login at all (hashtag search on Instagram Login).
 */
const capabilityScopes: Record<
  Capability,
  { instagram: string | readonly string[] | null; facebook: string | readonly string[] }
> = {
  basic: {
    instagram: "instagram_business_basic",
    facebook: ["instagram_basic", "pages_show_list", "pages_read_engagement"],
  },
  publish: {
    instagram: "instagram_business_content_publish",
    facebook: "instagram_content_publish",
  },
  comments: {
    instagram: "instagram_business_manage_comments",
    facebook: "instagram_manage_comments",
  },
  messages: {
    instagram: "instagram_business_manage_messages",
    facebook: "instagram_manage_messages",
  },
  insights: {
    instagram: "instagram_business_manage_insights",
    facebook: "instagram_manage_insights",
  },
  metadata: { instagram: "instagram_business_basic", facebook: "pages_manage_metadata" },
  hashtags: { instagram: null, facebook: "instagram_basic" },
};

/** The grants a capability needs with this login, or null when the login cannot have it. */
export function requiredScopes(
  capability: Capability,
  login: "instagram" | "facebook",
): readonly string[] | null {
  const scopes = capabilityScopes[capability][login];
  return scopes === null ? null : typeof scopes === "string" ? [scopes] : scopes;
}

export function isKnownScope(scope: string, login: "instagram" | "facebook"): boolean {
  return login === "instagram"
    ? (instagramLoginScopes as readonly string[]).includes(scope)
    : (facebookLoginScopes as readonly string[]).includes(scope);
}
