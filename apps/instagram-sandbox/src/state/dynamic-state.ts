import type {
  CommentRecord,
  ConversationRecord,
  MediaRecord,
  MentionRecord,
  MentionReplyRecord,
  MessageRecord,
  Person,
} from "../data/types.ts";
import type { Mp4ScanState, VideoInfo } from "../media/mp4.ts";

export type ContainerKind = "IMAGE" | "VIDEO" | "REELS" | "STORIES" | "CAROUSEL";

export type ContainerFailure = { code: number; subcode: number; message: string };

/** §2.1 — a media container and everything validation learnt about it. */
export type ContainerRecord = {
  id: string;
  accountId: string;
  kind: ContainerKind;
  isCarouselItem: boolean;
  createdAt: number;
  caption?: string;
  altText?: string;
  userTags?: Array<{ username: string; x?: number; y?: number }>;
  collaborators?: string[];
  locationId?: string;
  shareToFeed?: boolean;
  coverUrl?: string;
  thumbOffsetMs?: number;
  audioName?: string;
  children?: string[];
  imageUrl?: string;
  videoUrl?: string;
  image?: { width: number; height: number; bytes: number };
  video?: VideoInfo;
  /** Resumable upload progress (§2.3). */
  upload?: {
    fileSize?: number;
    committed: number;
    scan: Mp4ScanState;
    completedAt?: number;
  };
  /** When processing finishes; undefined while bytes are still missing. */
  readyAt?: number;
  failure?: ContainerFailure;
  forced?: { status: "ERROR" | "EXPIRED"; subcode?: number };
  publishedMediaId?: string;
};

/**
 * Everything that changed since the world was generated. Plain JSON: this is what the state file
 * holds, and together with the seed and anchor day it reproduces the sandbox exactly.
 */
export type DynamicState = {
  version: 1;
  seed: number;
  anchorDay: number;
  clockOffsetMs: number;
  idCounter: number;
  usedCodes: Record<string, number>;
  revokedBefore: Record<string, number>;
  subscriptions: Record<string, string[]>;
  /** Which login each subscription was made with: it decides which app secret signs deliveries (§12.1). */
  subscriptionLogins?: Record<string, "instagram" | "facebook">;
  containers: Record<string, ContainerRecord>;
  media: MediaRecord[];
  mediaPatches: Record<string, { commentEnabled?: boolean; deleted?: boolean }>;
  comments: CommentRecord[];
  commentPatches: Record<string, { hidden?: boolean; deleted?: boolean }>;
  people: Person[];
  conversations: ConversationRecord[];
  messages: MessageRecord[];
  privateReplies: Record<string, number>;
  hashtagSearches: Array<{ accountId: string; hashtagId: string; name: string; at: number }>;
  activity: { nextAt: number | null; counter: number };
  /** Stories whose 24 h have passed and whose expiry (and `story_insights` webhook) is done. */
  closedStories?: string[];
  /** Mentions and tags that arrived while the sandbox ran (absent in older state files). */
  mentions?: MentionRecord[];
  mentionReplies?: MentionReplyRecord[];
};

export function freshDynamicState(seed: number, anchorDay: number): DynamicState {
  return {
    version: 1,
    seed,
    anchorDay,
    clockOffsetMs: 0,
    idCounter: 0,
    usedCodes: {},
    revokedBefore: {},
    subscriptions: {},
    containers: {},
    media: [],
    mediaPatches: {},
    comments: [],
    commentPatches: {},
    people: [],
    conversations: [],
    messages: [],
    privateReplies: {},
    hashtagSearches: [],
    activity: { nextAt: null, counter: 0 },
  };
}
