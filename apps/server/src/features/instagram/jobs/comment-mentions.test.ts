import { describe, expect, it } from "vitest";
import { mentionsUsername } from "./comment-mentions.ts";

describe("mentionsUsername", () => {
  it("finds @name as a whole name, whatever the case, at a sentence's end too", () => {
    expect(mentionsUsername("@lena.makes this glaze!", "lena.makes")).toBe(true);
    expect(mentionsUsername("love it @Lena.Makes.", "lena.makes")).toBe(true);
    expect(mentionsUsername("(@lena.makes)", "lena.makes")).toBe(true);
  });

  it("does not take a longer name, an e-mail address or a name without @ for it", () => {
    expect(mentionsUsername("@lena.makes.shop has it", "lena.makes")).toBe(false);
    expect(mentionsUsername("@lena.makes_2", "lena.makes")).toBe(false);
    expect(mentionsUsername("mail me at hi@lena.makes", "lena.makes")).toBe(false);
    expect(mentionsUsername("lena.makes is great", "lena.makes")).toBe(false);
    expect(mentionsUsername("@lenaxmakes", "lena.makes")).toBe(false);
  });
});
