import { isMetaCdnUrl, sandboxCdnPrefix } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { createRig, ORIGIN } from "./test-rig.ts";

describe("media URLs as Meta's CDN gives them (§12.7)", () => {
  it("serves media_url, thumbnail_url and profile pictures from signed, expiring CDN URLs", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const profile = await account.getProfile();
    const { data } = await account.listMedia({ limit: 25 });
    const video = data.find((media) => media.media_type === "VIDEO")!;
    const urls = [profile.profile_picture_url!, data[0]!.media_url!, video.thumbnail_url!];
    for (const url of urls) {
      expect(url.startsWith(sandboxCdnPrefix(ORIGIN))).toBe(true);
      expect(new URL(url).searchParams.get("oe")).toMatch(/^[0-9a-f]+$/);
      expect(new URL(url).searchParams.get("oh")).toMatch(/^[0-9a-f]{32}$/);
      const response = await rig.fetch(url);
      expect(response.status, url).toBe(200);
    }
    // The sandbox's CDN is named explicitly; it is not one of Meta's hosts.
    expect(isMetaCdnUrl(urls[0]!)).toBe(false);
  });

  it("answers 403 for an expired URL and for a tampered one, and a fresh read gives a new URL", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const [first] = (await account.listMedia({ limit: 1 })).data;
    const stored = first!.media_url!;
    const tampered = stored.replace(/w=\d+/, "w=4000");
    expect((await rig.fetch(tampered)).status).toBe(403);
    const forged = new URL(stored);
    forged.searchParams.set(
      "oe",
      (Number.parseInt(forged.searchParams.get("oe")!, 16) + 3600).toString(16),
    );
    expect((await rig.fetch(forged.toString())).status).toBe(403);

    rig.advance(4 * 24 * 3600_000);
    const expired = await rig.fetch(stored);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("URL signature expired");
    const fresh = (await account.getMedia(first!.id, "id,media_url")).media_url!;
    expect(fresh).not.toBe(stored);
    expect((await rig.fetch(fresh)).status).toBe(200);
  });

  it("answers a JPEG of the artwork to a client that accepts JPEG but not SVG", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const image = (await account.listMedia({ limit: 25 })).data.find(
      (media) => media.media_type === "IMAGE",
    )!;
    const drawing = await rig.fetch(image.media_url!);
    expect(drawing.headers.get("content-type")).toContain("image/svg+xml");
    const jpeg = await rig.fetch(image.media_url!, {
      headers: { accept: "image/jpeg,image/png" },
    });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const browser = await rig.fetch(image.media_url!, {
      headers: { accept: "image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8" },
    });
    expect(browser.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("never hands back the URL a post was published from", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    const imageUrl = rig.sampleJpeg(1080, 1080);
    const container = await account.createContainer({ kind: "image", imageUrl });
    rig.advance(3_000);
    const published = await account.publish(container.id);
    const media = await account.getMedia(published.id, "id,media_url");
    expect(media.media_url).not.toBe(imageUrl);
    expect(media.media_url!.startsWith(sandboxCdnPrefix(ORIGIN))).toBe(true);
  });
});
