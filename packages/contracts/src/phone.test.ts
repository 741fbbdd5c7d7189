import { describe, expect, it } from "vitest";
import { isE164Phone, parsePhone } from "./phone.ts";

describe("phone numbers (E.164, libphonenumber's rules)", () => {
  it("reads a number with its country code and formats it", () => {
    expect(parsePhone("+1 (415) 555-0123")).toEqual({
      e164: "+14155550123",
      international: "+1 415 555 0123",
    });
    expect(parsePhone("+44 20 7946 0958")?.e164).toBe("+442079460958");
  });

  it("reads national digits in the default country", () => {
    expect(parsePhone("(415) 555-0123", "US")?.e164).toBe("+14155550123");
    expect(parsePhone("612 34 56 78", "es")?.international).toBe("+34 612 34 56 78");
    expect(parsePhone("(415) 555-0123")).toBeUndefined();
  });

  it("refuses what is not a phone number", () => {
    expect(parsePhone("not a phone ☎")).toBeUndefined();
    expect(parsePhone("+1 555 ☎ 0123")).toBeUndefined();
    expect(parsePhone("+1 123")).toBeUndefined();
    expect(parsePhone("+999 1234567")).toBeUndefined();
    expect(parsePhone("")).toBeUndefined();
    expect(parsePhone(`+1 415 555 0123${" ".repeat(40)}1`)).toBeUndefined();
  });

  it("E.164 on the wire is exactly +, country code and number", () => {
    expect(isE164Phone("+14155550123")).toBe(true);
    expect(isE164Phone("+1 415 555 0123")).toBe(false);
    expect(isE164Phone("14155550123")).toBe(false);
    expect(isE164Phone("+1415555012")).toBe(false);
    expect(isE164Phone("not a phone ☎")).toBe(false);
  });
});
