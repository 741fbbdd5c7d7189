import { describe, expect, it } from "vitest";
import { redactSecrets, redactUrl } from "./redact.ts";

describe("redaction", () => {
  it("removes secrets from URLs, headers and free text", () => {
    expect(
      redactUrl(
        "https://graph.instagram.com/me?fields=id&access_token=IGAAabc123456789&client_secret=s3cr3t",
      ),
    ).toBe(
      "https://graph.instagram.com/me?fields=id&access_token=[redacted]&client_secret=[redacted]",
    );
    expect(redactSecrets("Authorization: Bearer EAAB1234567890xyz")).toBe(
      "Authorization: Bearer [redacted]",
    );
    expect(redactSecrets("token IGAAQxyz123456789 is bad")).toBe("token [redacted] is bad");
    expect(redactSecrets('{"code":"AQDxyz","x":1}')).not.toContain("AQDxyz");
    expect(redactSecrets("fb_exchange_token=EAAshort123456&grant_type=x")).toBe(
      "fb_exchange_token=[redacted]&grant_type=x",
    );
  });

  it("leaves ordinary text alone", () => {
    expect(redactSecrets("Invalid parameter (#100) on media 17841400000000000")).toBe(
      "Invalid parameter (#100) on media 17841400000000000",
    );
  });
});
