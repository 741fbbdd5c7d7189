import { describe, expect, it } from "vitest";
import { checkPhone } from "./phone.ts";

describe("a phone field (optional, a real number, E.164)", () => {
  it("refuses what is not a phone number", async () => {
    await expect(checkPhone("not a phone ☎", "US")).resolves.toEqual({ problem: "phoneInvalid" });
    await expect(checkPhone("+1 555 0100", "US")).resolves.toEqual({ problem: "phoneInvalid" });
    await expect(checkPhone("  ", "US")).resolves.toEqual({ e164: "" });
  });

  it("reads national digits in the browser's region and formats the number", async () => {
    await expect(checkPhone("(415) 555-0123", "US")).resolves.toEqual({
      e164: "+14155550123",
      formatted: "+1 415 555 0123",
    });
    await expect(checkPhone("(415) 555-0123", undefined)).resolves.toEqual({
      problem: "phoneInvalid",
    });
    await expect(checkPhone("+34 612345678", "US")).resolves.toEqual({
      e164: "+34612345678",
      formatted: "+34 612 34 56 78",
    });
  });
});
