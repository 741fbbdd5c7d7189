import type { AutomationRuleInput } from "@sightline/contracts";

const kinds = {
  comment: "Comment",
  dm: "DM",
  story_reply: "Story reply",
  story_mention: "Story mention",
} as const;

/** "Comment containing LINK on any post": what triggers a rule, in words. */
export function describeTrigger(trigger: AutomationRuleInput["trigger"]): string {
  const keywords = trigger.keywords;
  const words =
    keywords.mode === "any_message"
      ? trigger.kind === "story_mention"
        ? ""
        : " with any message"
      : ` containing ${keywords.words.map((word) => word.toUpperCase()).join(keywords.mode === "all" ? " and " : " or ")}`;
  const posts = trigger.posts ?? { mode: "any" };
  const where =
    trigger.kind !== "comment"
      ? ""
      : posts.mode === "next"
        ? " on the next post"
        : posts.mode === "chosen"
          ? ` on ${posts.mediaIds.length} chosen post${posts.mediaIds.length === 1 ? "" : "s"}`
          : " on any post";
  return `${kinds[trigger.kind]}${words}${where}`;
}

/** "412 replies waiting, all out by 14:40". */
export function describeQueue(waiting: number, allOutBy: string | null): string | null {
  if (waiting === 0) return null;
  const time = allOutBy
    ? new Date(allOutBy).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : null;
  return `${waiting.toLocaleString("en-US")} ${waiting === 1 ? "reply" : "replies"} waiting${time ? `, all out by ${time}` : ""}`;
}
