import type { GraphContext } from "../core/context.ts";
import { formatGraphTime } from "../core/time.ts";
import { publicFollowersAt, publicMediaAt, publicMediaCountAt } from "../data/public-history.ts";
import { followersAt, statsAt } from "../data/stats.ts";
import type {
  Account,
  CommentRecord,
  MediaChild,
  MediaRecord,
  MessageRecord,
  Person,
  PublicAccount,
  PublicMedia,
} from "../data/types.ts";
import type { ContainerRecord } from "../state/dynamic-state.ts";
import type { PageRecord } from "../state/store.ts";
import { auth, requireCapability } from "./auth.ts";
import { containerStatus } from "./container-status.ts";
import { type HashtagMedia, styleForHashtag } from "./hashtags.ts";
import { mentionedCommentField, mentionedMediaField } from "./mentions.ts";
import { type NodeType, renderEdge, renderNode } from "./render.ts";
import {
  artUrl,
  avatarUrl,
  childUrl,
  mediaUrl,
  permalink,
  thumbnailUrl,
  videoUrl,
} from "./urls.ts";

const id = <T extends { id: string }>(value: T) => value.id;

function accountOf(ctx: GraphContext, accountId: string): Account {
  const account = ctx.core.store.accountById.get(accountId);
  if (!account) throw new Error(`unknown account ${accountId}`);
  return account;
}

// --- IG User --------------------------------------------------------------------------------

function followersNow(ctx: GraphContext, account: Account): number {
  return followersAt(account, ctx.core.store.dyn.anchorDay, ctx.now);
}

const igUserCommon: NodeType<Account>["fields"] = {
  username: (account) => account.username,
  name: (account) => account.name,
  profile_picture_url: (account, _field, ctx) => avatarUrl(ctx.core, account.username),
  followers_count: (account, _field, ctx) => followersNow(ctx, account),
  follows_count: (account) => account.followsCount,
  media_count: (account, _field, ctx) => ctx.core.store.listMedia(account.igUserId, ctx.now).length,
  biography: (account) => account.biography,
  website: (account) => (account.website === "" ? undefined : account.website),
  has_profile_pic: () => true,
  mentioned_media: (account, field, ctx) => mentionedMediaField(account, field, ctx),
  mentioned_comment: (account, field, ctx) => mentionedCommentField(account, field, ctx),
  media: (account, field, ctx) =>
    renderEdge(ctx, field, ctx.core.store.listMedia(account.igUserId, ctx.now), mediaNode, {
      idOf: id,
      keyOf: (media) => media.timestamp,
      descending: true,
      defaultLimit: 25,
      maxLimit: 100,
      path: `/${account.igUserId}/media`,
    }),
};

/** [IG] host: `id` is app-scoped, `user_id` is the IG_ID (§0, §1.4). */
export const instagramUserNode: NodeType<Account> = {
  name: "User",
  defaults: ["id", "username"],
  fields: {
    ...igUserCommon,
    id: (account) => account.appScopedId,
    user_id: (account) => account.igUserId,
    account_type: (account) => account.accountType,
  },
};

/**
 * [FB] host: IG User node; no `account_type` on this path (§1.4). `business_discovery` is handled
 * by the account route, because it needs the discovery lookup.
 */
export const facebookIgUserNode: NodeType<Account> = {
  name: "IGUser",
  defaults: ["id"],
  fields: {
    ...igUserCommon,
    id: (account) => account.igUserId,
    ig_id: (account) => Number(account.igUserId.slice(-10)),
  },
};

// --- Media --------------------------------------------------------------------------------

export const childNode: NodeType<{ parent: MediaRecord; child: MediaChild; accountKey: string }> = {
  name: "IGMedia",
  defaults: ["id"],
  fields: {
    id: (value) => value.child.id,
    media_type: (value) => value.child.mediaType,
    media_url: (value, _field, ctx) => childUrl(ctx.core, value.child, value.accountKey),
    thumbnail_url: (value, _field, ctx) =>
      value.child.mediaType === "VIDEO"
        ? artUrl(ctx.core, value.accountKey, value.child.id, value.child.width, value.child.height)
        : undefined,
    timestamp: (value) => formatGraphTime(value.parent.timestamp),
    username: (value, _field, ctx) => accountOf(ctx, value.parent.accountId).username,
    alt_text: (value) => value.child.altText,
    // §3.1: children have no permalink, caption or comments of their own.
    permalink: () => undefined,
    shortcode: () => undefined,
    is_comment_enabled: () => undefined,
    owner: (value) => ({ id: value.parent.accountId }),
  },
};

function childrenOf(media: MediaRecord, ctx: GraphContext) {
  const accountKey = accountOf(ctx, media.accountId).key;
  return (media.children ?? []).map((child) => ({ parent: media, child, accountKey }));
}

export const mediaNode: NodeType<MediaRecord> = {
  name: "IGMedia",
  defaults: ["id"],
  fields: {
    id: (media) => media.id,
    caption: (media) => (media.caption === "" ? undefined : media.caption),
    media_type: (media) => media.mediaType,
    media_product_type: (media) => media.productType,
    media_url: (media, _field, ctx) =>
      mediaUrl(ctx.core, media, accountOf(ctx, media.accountId).key),
    thumbnail_url: (media, _field, ctx) =>
      thumbnailUrl(ctx.core, media, accountOf(ctx, media.accountId).key),
    permalink: (media, _field, ctx) =>
      media.productType === "STORY"
        ? `https://www.instagram.com/stories/${accountOf(ctx, media.accountId).username}/${media.id}/`
        : permalink(media),
    shortcode: (media) => media.shortcode,
    timestamp: (media) => formatGraphTime(media.timestamp),
    username: (media, _field, ctx) => accountOf(ctx, media.accountId).username,
    owner: (media) => ({ id: media.accountId }),
    like_count: (media, _field, ctx) =>
      media.productType === "STORY" ? undefined : statsAt(media, ctx.now).likes,
    comments_count: (media, _field, ctx) => ctx.core.store.commentCount(media.id, ctx.now),
    is_comment_enabled: (media) => media.commentEnabled,
    is_shared_to_feed: (media) =>
      media.productType === "REELS" ? (media.isSharedToFeed ?? true) : undefined,
    alt_text: (media) => media.altText,
    legacy_instagram_media_id: (media) => media.id.slice(-10),
    children: (media, field, ctx) =>
      media.mediaType !== "CAROUSEL_ALBUM"
        ? undefined
        : renderEdge(ctx, field, childrenOf(media, ctx), childNode, {
            idOf: (value) => value.child.id,
            keyOf: () => 0,
            descending: false,
            defaultLimit: 25,
            maxLimit: 25,
            path: `/${media.id}/children`,
          }),
    // §12.3: nested `comments{…}` needs the manage-comments grant too.
    comments: (media, field, ctx) => {
      requireCapability(ctx, "comments");
      return renderEdge(
        ctx,
        field,
        ctx.core.store.listTopComments(media.id, ctx.now),
        commentNode,
        {
          idOf: id,
          keyOf: (comment) => comment.timestamp,
          descending: true,
          defaultLimit: 25,
          maxLimit: 50,
          path: `/${media.id}/comments`,
        },
      );
    },
  },
};

// --- Comments -----------------------------------------------------------------------------

const commentFields: NodeType<CommentRecord>["fields"] = {
  id: (comment) => comment.id,
  text: (comment) => comment.text,
  timestamp: (comment) => formatGraphTime(comment.timestamp),
  username: (comment) => comment.username,
  from: (comment) => ({ id: comment.fromId, username: comment.username }),
  like_count: (comment) => comment.likeCount,
  hidden: (comment) => comment.hidden,
  parent_id: (comment) => comment.parentId,
  media: (comment, _field, ctx) => {
    const media = ctx.core.store.media.get(comment.mediaId);
    return { id: comment.mediaId, ...(media ? { media_product_type: media.productType } : {}) };
  },
  // §4: `user` is only returned for comments the caller wrote.
  user: (comment) => (comment.byOwner ? { id: comment.fromId } : undefined),
  legacy_instagram_comment_id: (comment) => comment.id.slice(-10),
};

export const replyNode: NodeType<CommentRecord> = {
  name: "IGComment",
  defaults: ["id", "text", "timestamp"],
  fields: { ...commentFields, replies: () => undefined },
};

export const commentNode: NodeType<CommentRecord> = {
  name: "IGComment",
  defaults: ["id", "text", "timestamp"],
  fields: {
    ...commentFields,
    replies: (comment, field, ctx) => {
      if (comment.parentId !== undefined) return undefined;
      requireCapability(ctx, "comments");
      return renderEdge(ctx, field, ctx.core.store.listReplies(comment.id, ctx.now), replyNode, {
        idOf: id,
        keyOf: (reply) => reply.timestamp,
        descending: false,
        defaultLimit: 25,
        maxLimit: 50,
        path: `/${comment.id}/replies`,
      });
    },
  },
};

// --- Containers ---------------------------------------------------------------------------

export const containerNode: NodeType<ContainerRecord> = {
  name: "ShadowIGMediaBuilder",
  defaults: ["id"],
  fields: {
    id: (container) => container.id,
    status_code: (container, _field, ctx) => containerStatus(ctx.core, container, ctx.now).code,
    status: (container, _field, ctx) => containerStatus(ctx.core, container, ctx.now).text,
    copyright_check_status: (container, _field, ctx) => {
      const status = containerStatus(ctx.core, container, ctx.now).code;
      return {
        status: status === "IN_PROGRESS" ? "in_progress" : "completed",
        matches_found: false,
      };
    },
    /**
     * §2.3 — how a resumable upload is resumed (Meta's "Upload Video to Meta Servers"): the
     * uploading phase says how many bytes arrived, and an interrupted upload goes on from
     * `bytes_transferred`. The upload replies themselves carry no offset.
     */
    video_status: (container, _field, ctx) => {
      const upload = container.upload;
      if (!upload) return undefined;
      const status = containerStatus(ctx.core, container, ctx.now).code;
      const uploaded = upload.completedAt !== undefined;
      return {
        uploading_phase: {
          status: uploaded ? "complete" : upload.committed > 0 ? "in_progress" : "not_started",
          bytes_transferred: upload.committed,
        },
        processing_phase: {
          status: !uploaded
            ? "not_started"
            : status === "ERROR"
              ? "error"
              : status === "IN_PROGRESS"
                ? "in_progress"
                : "complete",
        },
      };
    },
  },
};

// --- Messaging ----------------------------------------------------------------------------

function participant(ctx: GraphContext, userId: string): { username: string; id: string } {
  const account = ctx.core.store.accountById.get(userId);
  if (account) return { username: account.username, id: account.igUserId };
  const person = ctx.core.store.people.get(userId);
  return { username: person?.username ?? "instagram_user", id: userId };
}

export const messageNode: NodeType<MessageRecord> = {
  name: "Message",
  defaults: ["id", "created_time"],
  fields: {
    id: (message) => message.id,
    created_time: (message) => formatGraphTime(message.timestamp),
    from: (message, _field, ctx) => participant(ctx, message.fromId),
    to: (message, _field, ctx) => ({ data: [participant(ctx, message.toId)] }),
    message: (message) => message.text ?? "",
    attachments: (message, _field, ctx) =>
      (message.attachments && message.attachments.length > 0) || message.buttons?.length
        ? {
            data: [
              ...(message.attachments ?? []).map((attachment, index) => {
                const url = attachment.url.startsWith("sandbox-art:")
                  ? artUrl(ctx.core, "lifestyle", `${message.id.slice(-12)}${index}`, 720, 960)
                  : attachment.url;
                return attachment.type === "video"
                  ? { video_data: { url, preview_url: url } }
                  : attachment.type === "image"
                    ? { image_data: { url, preview_url: url, width: 720, height: 960 } }
                    : { file_url: url };
              }),
              // A button template reads back with its buttons as templates (**unconfirmed**
              // shape for Instagram; Messenger's message node names it `generic_template`).
              ...(message.buttons ?? []).map((button) => ({
                generic_template: { title: button.title, url: button.url },
              })),
            ],
          }
        : undefined,
    // Conversations API: a story mention or a story reply carries `story` (link and id).
    story: (message, _field, ctx) => {
      const mention = message.attachments?.find(
        (attachment) => attachment.type === "story_mention",
      );
      const link = (url: string) =>
        url.startsWith("sandbox-art:")
          ? artUrl(ctx.core, "lifestyle", `${message.id.slice(-12)}0`, 720, 960)
          : url;
      if (mention) return { mention: { link: link(mention.url), id: `${message.id}-story` } };
      if (message.replyToStory) {
        return { reply_to: { link: link(message.replyToStory.url), id: message.replyToStory.id } };
      }
      return undefined;
    },
    is_unsupported: () => false,
  },
};

type ConversationView = { id: string; accountId: string; personId: string; updatedAt: number };

export const conversationNode: NodeType<ConversationView> = {
  name: "UserConversation",
  defaults: ["id", "updated_time"],
  fields: {
    id: (conversation) => conversation.id,
    updated_time: (conversation) => formatGraphTime(conversation.updatedAt),
    participants: (conversation, _field, ctx) => ({
      data: [participant(ctx, conversation.accountId), participant(ctx, conversation.personId)],
    }),
    messages: (conversation, field, ctx) => {
      // §5.1: only the 20 most recent messages can be expanded; newest first like Meta.
      const all = ctx.core.store.listMessages(conversation.id, ctx.now);
      const newest = all.slice(-20).reverse();
      return renderEdge(ctx, field, newest, messageNode, {
        idOf: id,
        keyOf: (message) => message.timestamp,
        descending: true,
        defaultLimit: 25,
        maxLimit: 20,
        path: `/${conversation.id}/messages`,
      });
    },
  },
};

// --- People (User Profile API, §5.3) ---------------------------------------------------------

export const personNode: NodeType<Person> = {
  name: "User",
  defaults: ["id", "name", "username", "profile_pic"],
  fields: {
    id: (person) => person.igsid,
    name: (person) => person.name,
    username: (person) => person.username,
    profile_pic: (person, _field, ctx) =>
      person.hasProfilePic ? avatarUrl(ctx.core, person.username) : null,
    follower_count: (person) => person.followerCount,
    is_user_follow_business: (person) => person.followsBusiness,
    is_business_follow_user: (person) => person.businessFollows,
    is_verified_user: (person) => person.isVerified,
  },
};

// --- Facebook user and Page ---------------------------------------------------------------

export const fbUserNode: NodeType<Account> = {
  name: "User",
  defaults: ["id", "name"],
  fields: {
    id: (account) => account.fbUserId,
    name: (account) => account.fbUserName,
    picture: (account, _field, ctx) => ({
      data: { url: avatarUrl(ctx.core, `fb.${account.fbUserId}`), is_silhouette: false },
    }),
  },
};

export const pageNode: NodeType<PageRecord> = {
  name: "Page",
  defaults: ["id", "name"],
  fields: {
    id: (page) => page.id,
    name: (page) => page.name,
    category: () => "Artist",
    tasks: () => ["ANALYZE", "ADVERTISE", "MESSAGING", "MODERATE", "CREATE_CONTENT", "MANAGE"],
    instagram_business_account: (page, field, ctx) =>
      page.account
        ? renderNode(
            facebookIgUserNode,
            page.account,
            field.children ?? [{ name: "id", modifiers: {} }],
            ctx,
          )
        : undefined,
    access_token: (page, _field, ctx) => {
      const info = auth(ctx);
      if (!info.fbUserAccount) return undefined;
      // Page tokens from a long-lived user token never expire (§1.3); from a short one they share its expiry.
      return ctx.core.issueToken({
        subject: page.id,
        kind: "fb_page",
        scopes: info.claims.scopes,
        issuedAt: ctx.now,
        expiresAt: info.claims.kind === "fb_long" ? undefined : info.claims.expiresAt,
      });
    },
  },
};

// --- Business Discovery and hashtags ---------------------------------------------------------

type DiscoveryMedia = { media: PublicMedia; style: string };

export const discoveryMediaNode: NodeType<DiscoveryMedia> = {
  name: "IGMedia",
  defaults: ["id"],
  fields: {
    id: (value) => value.media.id,
    caption: (value) => value.media.caption,
    media_type: (value) => value.media.mediaType,
    media_product_type: (value) => value.media.productType,
    media_url: (value, _field, ctx) =>
      value.media.mediaType === "VIDEO"
        ? videoUrl(ctx.core, value.media.id, 1080, 1920, 20000)
        : artUrl(ctx.core, value.style, value.media.id, 1080, 1350),
    permalink: (value) => permalink(value.media),
    timestamp: (value) => formatGraphTime(value.media.timestamp),
    // §7.1: `like_count` is omitted when the owner hides likes.
    like_count: (value) => (value.media.likesHidden ? undefined : value.media.likeCount),
    comments_count: (value) => value.media.commentsCount,
    view_count: (value) => value.media.viewCount,
  },
};

export type DiscoveryTarget = { profile: PublicAccount; media: () => PublicMedia[]; style: string };

export function discoveryTargetFromAccount(ctx: GraphContext, account: Account): DiscoveryTarget {
  const media = ctx.core.store.listMedia(account.igUserId, ctx.now);
  return {
    profile: {
      id: account.igUserId,
      username: account.username,
      name: account.name,
      biography: account.biography,
      website: account.website,
      followersCount: followersNow(ctx, account),
      followsCount: account.followsCount,
      mediaCount: media.length,
      palette: account.palette,
      voice: "ceramics",
    },
    style: account.key,
    media: () =>
      media.map((item) => {
        const stats = statsAt(item, ctx.now);
        return {
          id: item.id,
          caption: item.caption,
          mediaType: item.mediaType,
          productType: item.productType,
          timestamp: item.timestamp,
          shortcode: item.shortcode,
          likeCount: stats.likes,
          commentsCount: ctx.core.store.commentCount(item.id, ctx.now),
          ...(item.productType === "REELS" ? { viewCount: stats.views } : {}),
          likesHidden: false,
          art: item.art,
        };
      }),
  };
}

export function discoveryTargetFromPublic(
  ctx: GraphContext,
  profile: PublicAccount,
): DiscoveryTarget {
  const { seed, anchorDay } = ctx.core.store.dyn;
  // Issue 34: followers move day by day and the posting goes on after the anchor day.
  return {
    profile: {
      ...profile,
      followersCount: publicFollowersAt(seed, anchorDay, profile, ctx.now),
      mediaCount: publicMediaCountAt(seed, anchorDay, profile, ctx.now),
    },
    style: profile.voice,
    media: () => publicMediaAt(seed, anchorDay, profile, ctx.now),
  };
}

export const discoveryUserNode: NodeType<DiscoveryTarget> = {
  name: "IGUser",
  defaults: ["id"],
  fields: {
    id: (target) => target.profile.id,
    username: (target) => target.profile.username,
    name: (target) => target.profile.name,
    biography: (target) => target.profile.biography,
    website: (target) => target.profile.website || undefined,
    profile_picture_url: (target, _field, ctx) => avatarUrl(ctx.core, target.profile.username),
    followers_count: (target) => target.profile.followersCount,
    follows_count: (target) => target.profile.followsCount,
    media_count: (target) => target.profile.mediaCount,
    media: (target, field, ctx) =>
      renderEdge(
        ctx,
        field,
        target.media().map((media) => ({ media, style: target.style })),
        discoveryMediaNode,
        {
          idOf: (value) => value.media.id,
          keyOf: (value) => value.media.timestamp,
          descending: true,
          defaultLimit: 25,
          maxLimit: 100,
          path: `/${auth(ctx).accounts[0]?.igUserId ?? "me"}`,
        },
      ),
  },
};

export const hashtagNode: NodeType<{ id: string; name: string }> = {
  name: "IGHashtag",
  defaults: ["id"],
  fields: { id: (tag) => tag.id, name: (tag) => tag.name },
};

/** §7.2 — hashtag media cannot return `username`; it is simply not a field here. */
export function hashtagMediaNode(tagName: string): NodeType<HashtagMedia> {
  const style = styleForHashtag(tagName);
  return {
    name: "IGMedia",
    defaults: ["id"],
    fields: {
      id: (media) => media.id,
      caption: (media) => media.caption,
      media_type: (media) => media.mediaType,
      media_product_type: (media) => media.productType,
      media_url: (media, _field, ctx) =>
        media.mediaType === "VIDEO" ? undefined : artUrl(ctx.core, style, media.id, 1080, 1350),
      permalink: (media) => permalink(media),
      timestamp: (media) => formatGraphTime(media.timestamp),
      like_count: (media) => media.likeCount,
      comments_count: (media) => media.commentsCount,
      children: (media, _field, ctx) =>
        media.children
          ? {
              data: media.children.map((child) => ({
                id: child.id,
                media_type: child.mediaType,
                media_url: artUrl(ctx.core, style, child.id, 1080, 1350),
              })),
            }
          : undefined,
    },
  };
}
