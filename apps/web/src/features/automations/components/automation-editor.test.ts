import { automationRuleInputSchema, automationTemplates } from "@sightline/contracts";
import { describe, expect, it } from "vitest";
import { draftOf, ruleOf } from "./automation-editor.tsx";

describe("the automation editor's fields", () => {
  it("give back every template as it was, once filled in and saved", () => {
    for (const template of automationTemplates) {
      const saved = automationRuleInputSchema.parse(ruleOf(draftOf(template.rule)));
      expect(saved, template.id).toEqual(automationRuleInputSchema.parse(template.rule));
    }
  });

  it("turn typed lists into keywords, variants and a link, and chosen posts into ids", () => {
    const draft = {
      ...draftOf(automationTemplates[0]!.rule),
      words: " link , PRICE,, ",
      exclude: "spam",
      publicReplies: "One\n\n Two ",
      linkUrl: "",
      posts: "chosen" as const,
      mediaIds: ["17900000000000001"],
      delayMinutes: "90",
    };
    const rule = ruleOf(draft);
    expect(rule.trigger).toEqual({
      kind: "comment",
      posts: { mode: "chosen", mediaIds: ["17900000000000001"] },
      keywords: { mode: "any", words: ["link", "PRICE"], exclude: ["spam"] },
    });
    expect(rule.actions.publicReplies).toEqual(["One", "Two"]);
    expect(rule.actions.privateReply?.link).toBeNull();
    // The delay is capped at the hour the API allows.
    expect(rule.actions.delaySeconds).toBe(3600);
  });
});
