/** The generated world. Plain data (no Maps) so it compares and serialises easily. */

export type AccountType = "MEDIA_CREATOR" | "BUSINESS";
export type MediaType = "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
export type ProductType = "FEED" | "REELS" | "STORY";

export type Account = {
  key: string;
  igUserId: string;
  /** [IG] `/me` `id` — app-scoped, differs from the IG_ID. */
  appScopedId: string;
  username: string;
  name: string;
  accountType: AccountType;
  biography: string;
  website: string;
  followersAtAnchor: number;
  followersYearAgo: number;
  followsCount: number;
  pageId: string;
  pageName: string;
  fbUserId: string;
  fbUserName: string;
  /** Pages the Facebook user manages without an IG account linked. */
  unlinkedPages: Array<{ id: string; name: string }>;
  palette: string[];
  /**
   * When the account became a professional account; posts older than this have no insights
   * (§12.6: 100 / 2108006). Undefined: professional for as long as it has posted.
   */
  professionalSince?: number;
};

export type MediaStats = {
  reach: number;
  views: number;
  likes: number;
  saves: number;
  shares: number;
  follows: number;
  profileVisits: number;
  reposts: number;
  replies: number;
  avgWatchMs?: number;
  skipRate?: number;
};

export type MediaChild = {
  id: string;
  mediaType: "IMAGE" | "VIDEO";
  width: number;
  height: number;
  art: number;
  altText?: string;
  durationMs?: number;
};

export type MediaRecord = {
  id: string;
  accountId: string;
  mediaType: MediaType;
  productType: ProductType;
  caption: string;
  /** Milliseconds. */
  timestamp: number;
  shortcode: string;
  width: number;
  height: number;
  durationMs?: number;
  children?: MediaChild[];
  altText?: string;
  isSharedToFeed?: boolean;
  commentEnabled: boolean;
  stats: MediaStats;
  /** Seed for the generated artwork. */
  art: number;
  source: "seed" | "api";
  userTags?: Array<{ username: string; x?: number; y?: number }>;
  collaborators?: string[];
  containerId?: string;
};

export type Person = {
  /** Instagram-scoped id, specific to the business account. */
  igsid: string;
  accountId: string;
  username: string;
  name: string;
  followerCount: number;
  isVerified: boolean;
  followsBusiness: boolean;
  businessFollows: boolean;
  hasProfilePic: boolean;
};

export type CommentRecord = {
  id: string;
  mediaId: string;
  accountId: string;
  parentId?: string;
  /** IGSID of the commenter, or the account's IG_ID for its own comments. */
  fromId: string;
  username: string;
  text: string;
  timestamp: number;
  likeCount: number;
  hidden: boolean;
  byOwner: boolean;
};

export type ConversationRecord = { id: string; accountId: string; personId: string };

export type MessageRecord = {
  id: string;
  conversationId: string;
  accountId: string;
  fromId: string;
  toId: string;
  text?: string;
  attachments?: Array<{ type: string; url: string }>;
  /** A reply to one of the account's stories (`reply_to.story` in the webhook). */
  replyToStory?: { id: string; url: string };
  /** A button template's URL buttons (the account's sends; `text` holds the template's text). */
  buttons?: Array<{ title: string; url: string }>;
  timestamp: number;
};

export type PublicMedia = {
  id: string;
  caption: string;
  mediaType: MediaType;
  productType: ProductType;
  timestamp: number;
  shortcode: string;
  likeCount: number;
  commentsCount: number;
  viewCount?: number;
  likesHidden: boolean;
  art: number;
};

export type PublicAccount = {
  id: string;
  username: string;
  name: string;
  biography: string;
  website: string;
  followersCount: number;
  followsCount: number;
  mediaCount: number;
  palette: string[];
  voice: "ceramics" | "coffee" | "bakery" | "lifestyle";
};

export type World = {
  seed: number;
  anchorDay: number;
  accounts: Account[];
  people: Person[];
  media: MediaRecord[];
  comments: CommentRecord[];
  conversations: ConversationRecord[];
  messages: MessageRecord[];
  publicAccounts: PublicAccount[];
  /** Posts and comments of other (public) accounts that @mention or tag one of the accounts. */
  mentions: MentionRecord[];
};

/**
 * Another account's post that names one of the sandbox's accounts: in its caption ("caption"),
 * in a comment under it ("comment", by `author`), or in its user tags ("tag", §4).
 */
export type MentionRecord = {
  kind: "caption" | "comment" | "tag";
  /** IG_ID of the account that is mentioned. */
  accountId: string;
  /** Who mentioned it: the post's owner, or the commenter for a comment mention. */
  author: string;
  media: PublicMedia & { owner: string; ownerId: string };
  comment?: { id: string; text: string; timestamp: number; likeCount: number };
};

/** A reply the account posted to a mention (`POST /{ig-user-id}/mentions`). */
export type MentionReplyRecord = {
  id: string;
  accountId: string;
  mediaId: string;
  commentId?: string;
  text: string;
  timestamp: number;
};
