import type { InboxEventData } from "@sightline/contracts";
import type { EventBus } from "../../platform/event-bus.ts";

interface WorkspaceChanges {
  messages: number;
  comments: number;
  conversationIds: Set<string>;
  mediaIds: Set<string>;
}

/**
 * New inbox rows gathered per user over a webhook batch (or a sync), announced with one live
 * event per user at the end (the InboxEventData contract): `ig-message` when inbound messages
 * arrived, else `instagram-comment:created`. The browser refreshes its notifications with either,
 * so no `notifications:updated` follows (issue 26: one comment used to send two events, and the
 * browser refetched everything once for each).
 */
export class InboxChanges {
  readonly #byWorkspace = new Map<string, WorkspaceChanges>();

  #of(workspaceId: string): WorkspaceChanges {
    let changes = this.#byWorkspace.get(workspaceId);
    if (!changes) {
      changes = { messages: 0, comments: 0, conversationIds: new Set(), mediaIds: new Set() };
      this.#byWorkspace.set(workspaceId, changes);
    }
    return changes;
  }

  /** `count` new comments on the post `mediaId`. */
  comments(workspaceId: string, mediaId: string, count: number): void {
    if (count <= 0) return;
    const changes = this.#of(workspaceId);
    changes.comments += count;
    changes.mediaIds.add(mediaId);
  }

  /** `count` new inbound messages in the conversation `conversationId`. */
  messages(workspaceId: string, conversationId: string, count: number): void {
    if (count <= 0) return;
    const changes = this.#of(workspaceId);
    changes.messages += count;
    changes.conversationIds.add(conversationId);
  }

  /** Publishes one event per user with new rows, then forgets them. */
  async publish(events: EventBus): Promise<void> {
    for (const [workspaceId, changes] of this.#byWorkspace) {
      const data: InboxEventData = {
        messages: changes.messages,
        comments: changes.comments,
        conversationIds: [...changes.conversationIds],
        mediaIds: [...changes.mediaIds],
      };
      await events.publish(
        workspaceId,
        changes.messages > 0 ? "ig-message" : "instagram-comment:created",
        { ...data },
      );
    }
    this.#byWorkspace.clear();
  }
}

/**
 * The one event after a sync that brought new rows (it names no thread: the browser refreshes
 * every inbox query), or undefined when it brought none.
 */
export function syncInboxEvent(result: { newMessages: number; newComments: number }) {
  if (result.newMessages === 0 && result.newComments === 0) return undefined;
  const data: InboxEventData = { messages: result.newMessages, comments: result.newComments };
  return {
    type: result.newMessages > 0 ? ("ig-message" as const) : ("instagram-comment:created" as const),
    data: { ...data },
  };
}
