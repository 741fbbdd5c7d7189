import { describe, expect, it } from "vitest";
import { classifyMessage } from "./secretary-classifier.ts";

const kindOf = (text: string) => classifyMessage(text).kind;

describe("the Secretary's built-in classifier", () => {
  it("finds complaints, also when they ask or praise first", () => {
    expect(kindOf("My mug arrived broken, the handle snapped off in the box")).toBe("complaint");
    expect(kindOf("Where is my order?? It's been three weeks and nobody answers")).toBe(
      "complaint",
    );
    expect(kindOf("I love your work but the vase I got has a crack. Can I get a refund?")).toBe(
      "complaint",
    );
    expect(kindOf("Honestly this is ridiculous, I paid for express and still nothing")).toBe(
      "complaint",
    );
    expect(kindOf("Meine Bestellung ist kaputt angekommen, ich bin enttäuscht")).toBe("complaint");
    expect(kindOf("Mi pedido llegó roto, quiero un reembolso")).toBe("complaint");
    expect(kindOf("Ma commande est arrivée cassée")).toBe("complaint");
    expect(kindOf("Hi, my mug arrived with a small chip on the rim 😢")).toBe("complaint");
  });

  it("finds purchase intent", () => {
    expect(kindOf("How much is the speckled bowl? Do you ship to Canada?")).toBe("purchase");
    expect(kindOf("I'd like to buy two of the blue mugs")).toBe("purchase");
    expect(kindOf("¿Cuánto cuesta la taza verde?")).toBe("purchase");
    expect(kindOf("Was kostet die Vase mit Versand nach Wien?")).toBe("purchase");
    expect(kindOf("Quanto custa a entrega para Lisboa?")).toBe("purchase");
  });

  it("finds questions that are neither complaints nor purchases", () => {
    expect(kindOf("Are you at the Saturday market this week?")).toBe("question");
    expect(kindOf("What glaze did you use on this one")).toBe("question");
    expect(kindOf("¿Dónde está tu taller?")).toBe("question");
    const { signals, score } = classifyMessage("Which clay is this?");
    expect(signals).toEqual(expect.arrayContaining(["question-mark", "question-word"]));
    expect(score).toBe(4);
  });

  it("finds praise, and no problem is not a complaint", () => {
    expect(kindOf("love it!")).toBe("praise");
    expect(kindOf("These are gorgeous, thank you for sharing your process")).toBe("praise");
    expect(kindOf("😍❤️")).toBe("praise");
    expect(kindOf("Wunderschön, danke!")).toBe("praise");
    expect(kindOf("No problem at all, thanks so much!")).toBe("praise");
    expect(kindOf("Such a lovely shape")).toBe("praise");
    expect(kindOf("I need this mug in my life")).toBe("praise");
  });

  it("finds spam: unknown links, follow-for-follow, promotion offers, crypto, emoji floods", () => {
    const followers = classifyMessage(
      "check my page for cheap followers http://growfast.example/ig",
    );
    expect(followers.kind).toBe("spam");
    expect(followers.signals).toEqual(
      expect.arrayContaining(["link:growfast.example", "spam:followers"]),
    );
    expect(kindOf("follow for follow? 🙏")).toBe("spam");
    expect(kindOf("Nice feed! DM us to collab and promote your page 💌")).toBe("spam");
    expect(kindOf("I made $4000 this week with bitcoin trading, ask me how")).toBe("spam");
    expect(kindOf("🔥🔥🔥🔥🔥")).toBe("spam");
    expect(kindOf("great stuff bit.ly/3xYzAbc")).toBe("spam");
  });

  it("does not call a link to Instagram, or a plain remark, spam", () => {
    expect(kindOf("Is this the one from instagram.com/p/Cx12ab? Is it still available?")).toBe(
      "purchase",
    );
    expect(kindOf("Saw this at the fair last weekend")).toBe("other");
    expect(classifyMessage("   ")).toEqual({ kind: "other", score: 0, signals: ["empty"] });
  });

  it("gives the same answer every time", () => {
    const text = "Where is my order? This is the worst service";
    expect(classifyMessage(text)).toEqual(classifyMessage(text));
  });
});
