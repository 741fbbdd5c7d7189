import { describe, expect, it } from "vitest";
import {
  automationRuleInputSchema,
  fillPlaceholders,
  foldText,
  matchKeywords,
} from "./automations.ts";

const any = (words: string[], exclude: string[] = []) => ({
  mode: "any" as const,
  words,
  exclude,
});

describe("keyword matching", () => {
  it("matches whole words only", () => {
    expect(matchKeywords(any(["link"]), "Send me the LINK please!").matches).toBe(true);
    expect(matchKeywords(any(["link"]), "linked in bio").matches).toBe(false);
    expect(matchKeywords(any(["link"]), "unlink").matches).toBe(false);
    expect(matchKeywords(any(["link"]), "link?").matches).toBe(true);
    expect(matchKeywords(any(["link"]), "🔗link🔗").matches).toBe(true);
  });

  it("ignores case and accents, on both sides", () => {
    expect(matchKeywords(any(["café"]), "Un CAFE s'il vous plaît").matches).toBe(true);
    expect(matchKeywords(any(["cafe"]), "Un café").matches).toBe(true);
    expect(matchKeywords(any(["precio"]), "¿Cuál es el PRÉCIO?").matches).toBe(true);
    expect(foldText("Ärger Ñandú")).toBe("arger nandu");
  });

  it("matches a phrase as consecutive whole words", () => {
    expect(matchKeywords(any(["how much"]), "hey, how   much is it").matches).toBe(true);
    expect(matchKeywords(any(["how much"]), "how is it so much").matches).toBe(false);
  });

  it("needs one keyword for any, every keyword for all, and names them", () => {
    expect(matchKeywords(any(["price", "link"]), "the link pls")).toEqual({
      matches: true,
      matched: ["link"],
    });
    const all = { mode: "all" as const, words: ["price", "link"], exclude: [] };
    expect(matchKeywords(all, "the link pls").matches).toBe(false);
    expect(matchKeywords(all, "link and price?")).toEqual({
      matches: true,
      matched: ["price", "link"],
    });
  });

  it("refuses a text holding an exclusion", () => {
    expect(matchKeywords(any(["link"], ["spam"]), "link spam").matches).toBe(false);
    expect(matchKeywords(any(["link"], ["spam"]), "link spammy").matches).toBe(true);
  });

  it("matches anything with any message, and nothing without text otherwise", () => {
    expect(matchKeywords({ mode: "any_message" }, null).matches).toBe(true);
    expect(matchKeywords(any(["link"]), null).matches).toBe(false);
  });
});

describe("placeholders", () => {
  it("fills first name and username, falling back when Instagram gives no name", () => {
    expect(
      fillPlaceholders("Hi {first_name} ({username})", { username: "ana.b", name: "Ana Beltrán" }),
    ).toBe("Hi Ana (@ana.b)");
    expect(fillPlaceholders("Hi {first_name}", { username: "ana.b", name: null })).toBe("Hi ana.b");
  });
});

describe("the rule's validation", () => {
  const base = {
    name: "Link by DM",
    trigger: { kind: "comment", keywords: any(["LINK"]) },
    actions: { privateReply: { text: "Here it is" } },
  };

  it("fills the defaults", () => {
    const rule = automationRuleInputSchema.parse(base);
    expect(rule.enabled).toBe(true);
    expect(rule.trigger.posts).toEqual({ mode: "any" });
    expect(rule.conditions).toEqual({
      firstInteraction: false,
      audience: "everyone",
      quietHours: null,
    });
    expect(rule.actions).toMatchObject({ publicReplies: [], dm: null, delaySeconds: 0 });
  });

  it("refuses a rule without an action, and actions its trigger cannot take", () => {
    const messages = (input: unknown) =>
      automationRuleInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...base, actions: {} })).toEqual(["Choose at least one action."]);
    expect(
      messages({
        ...base,
        trigger: { kind: "dm", keywords: any(["link"]) },
        actions: { privateReply: { text: "x" } },
      }),
    ).toEqual(["Private replies answer comments only; use a DM."]);
    expect(messages({ ...base, actions: { dm: { text: "x" } } })).toEqual([
      "A comment is answered in DMs by its private reply.",
    ]);
    expect(
      messages({
        ...base,
        trigger: { kind: "story_mention", keywords: any(["x"]) },
        actions: { dm: { text: "Thanks!" } },
      }),
    ).toEqual(["A story mention has no words to match: choose “any message”."]);
    expect(messages({ ...base, actions: { privateReply: { text: "é".repeat(401) } } })).toEqual([
      "A message has at most 800 bytes (Instagram allows 1,000 with the link and the name).",
    ]);
    expect(
      messages({
        ...base,
        actions: { privateReply: { text: "x", link: { title: "Shop", url: "http://a.b" } } },
      }),
    ).toEqual(["A link is an https:// address."]);
    expect(
      messages({ ...base, conditions: { quietHours: { from: "24:00", to: "07:00" } } }),
    ).toEqual(["A time is HH:MM, 00:00 to 23:59."]);
  });

  it("holds a message with a link button to Instagram's 640 characters", () => {
    const withLink = (text: string) =>
      automationRuleInputSchema.safeParse({
        ...base,
        actions: {
          privateReply: { text, link: { title: "Shop", url: "https://example.com/shop" } },
        },
      });
    expect(withLink("a".repeat(640)).success).toBe(true);
    expect(withLink("a".repeat(641)).error?.issues.map((issue) => issue.message)).toEqual([
      "With a link button, a message has at most 640 characters (Instagram's limit for a button message).",
    ]);
    // Without a link, the 800-byte limit of a text message holds.
    expect(
      automationRuleInputSchema.safeParse({
        ...base,
        actions: { privateReply: { text: "a".repeat(700) } },
      }).success,
    ).toBe(true);
  });

  it("labels a DM thread, and a comment's only with the private reply that opens one", () => {
    const label = "5f0c1a52-4d0e-4c51-9a57-0d4f0e5b7a10";
    expect(
      automationRuleInputSchema.parse({
        ...base,
        trigger: { kind: "dm", keywords: any(["order"]) },
        actions: { labelIds: [label] },
      }).actions.labelIds,
    ).toEqual([label]);
    expect(
      automationRuleInputSchema
        .safeParse({ ...base, actions: { publicReplies: ["Thanks!"], labelIds: [label] } })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(["Labels go on the DM thread the private reply opens: add a private reply."]);
    expect(
      automationRuleInputSchema.safeParse({
        ...base,
        actions: { ...base.actions, labelIds: [label] },
      }).success,
    ).toBe(true);
  });

  it("takes notifying the team as an action of its own", () => {
    const rule = automationRuleInputSchema.parse({ ...base, actions: { notify: true } });
    expect(rule.actions).toMatchObject({ notify: true, privateReply: null, publicReplies: [] });
    expect(automationRuleInputSchema.parse(base).actions.notify).toBe(false);
  });
});

describe("the templates", () => {
  it("are valid rules", async () => {
    const { automationTemplates } = await import("./automations.ts");
    for (const template of automationTemplates) {
      expect(
        automationRuleInputSchema.safeParse(template.rule).error?.issues ?? [],
        template.id,
      ).toEqual([]);
    }
  });
});
