import { describe, expect, it } from "vitest";
import { isMetaCdnHost, isMetaCdnUrl } from "./meta-cdn.ts";

describe("isMetaCdnUrl (contract §9)", () => {
  it.each([
    "https://scontent.cdninstagram.com/v/t51.2885-19/1.jpg?oe=68BDB031",
    "https://scontent-iad3-2.cdninstagram.com/v/x.jpg",
    "https://instagram.fmad3-1.fna.fbcdn.net/v/x.jpg",
    "https://scontent.xx.fbcdn.net/x.jpg",
    "https://video.xx.fbcdn.net/x.mp4",
    "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1",
    "https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1",
    "https://SCONTENT.CDNINSTAGRAM.COM/x.jpg",
    "https://scontent.cdninstagram.com:443/x.jpg",
  ])("allows %s", (url) => {
    expect(isMetaCdnUrl(url)).toBe(true);
  });

  it.each([
    "http://scontent.cdninstagram.com/x.jpg",
    "https://cdninstagram.com/x.jpg",
    "https://evilcdninstagram.com/x.jpg",
    "https://scontent.cdninstagram.com.evil.test/x.jpg",
    "https://fbcdn.net.example/x.jpg",
    "https://user:pass@scontent.cdninstagram.com/x.jpg",
    "https://scontent.cdninstagram.com:8443/x.jpg",
    "https://graph.instagram.com/me",
    "https://www.instagram.com/p/abc/",
    "https://evil.fbsbx.com/x",
    // Only the suffix, or an empty label before it, is not a host under the CDN's domain.
    "https://.cdninstagram.com/x.jpg",
    "https://.fbcdn.net/x.jpg",
    "https://..cdninstagram.com/x.jpg",
    "https://scontent..fbcdn.net/x.jpg",
    "javascript:alert(1)",
    "not a url",
  ])("rejects %s", (url) => {
    expect(isMetaCdnUrl(url)).toBe(false);
  });
});

describe("isMetaCdnHost (spec §5)", () => {
  it.each([
    "scontent.cdninstagram.com",
    "SCONTENT.XX.FBCDN.NET",
    "scontent.cdninstagram.com.",
    "lookaside.fbsbx.com",
  ])("allows %s", (host) => {
    expect(isMetaCdnHost(host)).toBe(true);
  });

  it.each(["evilcdninstagram.com", "cdninstagram.com", "fbcdn.net.example", "evil.fbsbx.com", ""])(
    "rejects %s",
    (host) => {
      expect(isMetaCdnHost(host)).toBe(false);
    },
  );
});
