// Plain data, apart from instagram.ts's request schemas: the web app's shell shows these labels
// without loading Zod (a page takes only the contract modules it uses).

/** What each permission unlocks, in the words Settings shows (Meta's names for both logins). */
export const permissionDescriptions: Record<string, { label: string; unlocks: string }> = {
  instagram_business_basic: {
    label: "Profile and posts",
    unlocks: "Your profile, followers and posts: the base of every page.",
  },
  instagram_basic: {
    label: "Profile and posts",
    unlocks: "Your profile, followers and posts: the base of every page.",
  },
  instagram_business_manage_insights: {
    label: "Insights",
    unlocks: "Reach, views, audience and post performance analytics.",
  },
  instagram_manage_insights: {
    label: "Insights",
    unlocks: "Reach, views, audience and post performance analytics.",
  },
  instagram_business_manage_comments: {
    label: "Comments",
    unlocks: "Reading and answering comments in the inbox.",
  },
  instagram_manage_comments: {
    label: "Comments",
    unlocks: "Reading and answering comments in the inbox.",
  },
  instagram_business_manage_messages: {
    label: "Direct messages",
    unlocks: "Reading and answering direct messages in the inbox.",
  },
  instagram_manage_messages: {
    label: "Direct messages",
    unlocks: "Reading and answering direct messages in the inbox.",
  },
  instagram_business_content_publish: {
    label: "Publishing",
    unlocks: "Publishing and scheduling posts, reels and carousels.",
  },
  instagram_content_publish: {
    label: "Publishing",
    unlocks: "Publishing and scheduling posts, reels and carousels.",
  },
  pages_show_list: {
    label: "Facebook Pages",
    unlocks: "Finding the Page your Instagram account is linked to.",
  },
  pages_read_engagement: {
    label: "Page engagement",
    unlocks: "Reading your account through its Facebook Page.",
  },
  pages_manage_metadata: {
    label: "Page webhooks",
    unlocks: "Live updates for new messages and comments.",
  },
  business_management: {
    label: "Business assets",
    unlocks: "Accounts owned through Meta Business Suite.",
  },
};
