import { describe, expect, it } from "vitest";
import type { Session } from "./session-client.ts";
import { displayName } from "./session-provider.tsx";

function session(user: Partial<Session["user"]>): Session {
  return {
    access_token: "a",
    refresh_token: "r",
    expires_at: 0,
    aal: "aal1",
    user: {
      id: "u1",
      email: "",
      email_verified: true,
      first_name: null,
      last_name: null,
      ...user,
    },
  };
}

describe("display name (spec §2)", () => {
  it("is the first and last name from the profile", () => {
    expect(displayName(session({ first_name: "Lena", last_name: "Park", email: "l@x.co" }))).toBe(
      "Lena Park",
    );
    expect(displayName(session({ first_name: "Lena", email: "l@x.co" }))).toBe("Lena");
    expect(displayName(session({ last_name: "Park", email: "l@x.co" }))).toBe("Park");
  });

  it("falls back to the part of the e-mail before the @", () => {
    expect(displayName(session({ email: "lena.makes@example.com" }))).toBe("lena.makes");
    expect(displayName(session({ first_name: "  ", email: "lena@example.com" }))).toBe("lena");
  });

  it("is 'User' with neither", () => {
    expect(displayName(session({ email: "" }))).toBe("User");
    expect(displayName(session({ email: "@example.com" }))).toBe("User");
    expect(displayName(null)).toBe("User");
  });
});
