import { describe, expect, it } from "vitest";
import { parseFields } from "./fields.ts";
import { GraphFault } from "./graph-fault.ts";

describe("fields syntax (§0)", () => {
  it("parses nested edges, modifiers and whitespace", () => {
    expect(parseFields("id, caption,children{media_url,media_type}")).toEqual([
      { name: "id", modifiers: {} },
      { name: "caption", modifiers: {} },
      {
        name: "children",
        modifiers: {},
        children: [
          { name: "media_url", modifiers: {} },
          { name: "media_type", modifiers: {} },
        ],
      },
    ]);
    const [discovery] = parseFields(
      "business_discovery.username(bluebottle){followers_count,media.limit(25).after(QVFI){id}}",
    );
    expect(discovery).toEqual({
      name: "business_discovery",
      modifiers: { username: "bluebottle" },
      children: [
        { name: "followers_count", modifiers: {} },
        {
          name: "media",
          modifiers: { limit: "25", after: "QVFI" },
          children: [{ name: "id", modifiers: {} }],
        },
      ],
    });
  });

  it("rejects malformed expressions with code 100", () => {
    for (const bad of ["id,{", "children{id", "media.limit(2", "a b", "id,,name"]) {
      const error = (() => {
        try {
          parseFields(bad);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error, bad).toBeInstanceOf(GraphFault);
      expect((error as GraphFault).body.code).toBe(100);
    }
  });
});
