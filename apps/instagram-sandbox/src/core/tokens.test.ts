import { describe, expect, it } from "vitest";
import { issueCode, issueToken, readCode, readToken } from "./tokens.ts";

describe("self-validating tokens", () => {
  const claims = {
    subject: "17841400000000001",
    kind: "ig_long" as const,
    scopes: ["instagram_business_basic", "instagram_business_manage_insights"],
    issuedAt: 1_750_000_000_123,
    expiresAt: 1_755_184_000_000,
  };

  it("round-trips claims and looks like Meta's tokens", () => {
    const token = issueToken("secret", claims, "1");
    expect(token.startsWith("IGAA")).toBe(true);
    expect(readToken("secret", token)).toEqual(claims);
    const page = issueToken("secret", { ...claims, kind: "fb_page", expiresAt: undefined }, "2");
    expect(page.startsWith("EAA")).toBe(true);
    expect(readToken("secret", page)?.expiresAt).toBeUndefined();
  });

  it("rejects other secrets and any tampering", () => {
    const token = issueToken("secret", claims, "1");
    expect(readToken("other", token)).toBeUndefined();
    const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(readToken("secret", tampered)).toBeUndefined();
    expect(readToken("secret", `EAA${token.slice(4)}`)).toBeUndefined();
  });

  it("signs OAuth codes with the redirect URI inside", () => {
    const code = issueCode("secret", {
      family: "instagram",
      subject: "1",
      scopes: ["instagram_business_basic"],
      clientId: "9",
      redirectUri: "https://a.test/cb",
      expiresAt: 1_000_000,
      nonce: "n",
    });
    expect(code.startsWith("AQ")).toBe(true);
    expect(readCode("secret", code)).toMatchObject({
      redirectUri: "https://a.test/cb",
      scopes: ["instagram_business_basic"],
    });
    expect(readCode("nope", code)).toBeUndefined();
  });
});
