import { isUserNotFound } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig } from "./test-rig.ts";

describe("business discovery (§7.1)", () => {
  it("finds known professional accounts with their media and pages through it", async () => {
    const rig = createRig();
    const account = rig.fbAccount("northfield.coffee");
    const found = await account.businessDiscovery("ridge.roasting.co", { mediaLimit: 5 });
    expect(found).toMatchObject({
      username: "ridge.roasting.co",
      followers_count: 31_700,
      name: "Ridge Roasting Co.",
    });
    expect(found.media?.data).toHaveLength(5);
    expect(found.media?.data[0]).toMatchObject({
      id: expect.any(String),
      comments_count: expect.any(Number),
      permalink: expect.stringContaining("instagram.com"),
    });
    const after = found.media?.paging?.cursors?.after;
    const next = await account.businessDiscovery("ridge.roasting.co", {
      mediaLimit: 5,
      mediaAfter: after!,
    });
    expect(next.media?.data[0]?.id).not.toBe(found.media?.data[0]?.id);
    const reels = (
      await account.businessDiscovery("fernwood.pottery", { mediaLimit: 50 })
    ).media!.data.filter((media) => media.media_product_type === "REELS");
    expect(reels.every((media) => typeof media.view_count === "number")).toBe(true);
    // Sandbox accounts discover each other with live numbers.
    const lena = await account.businessDiscovery("@lena.makes");
    expect(lena.id).toBe(rig.lena.igUserId);
  });

  it("answers unknown and personal accounts with 110/2207013", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
    const error = await caught(account.businessDiscovery("no.such.account.here"));
    expect(isUserNotFound(error)).toBe(true);
    expect(error).toMatchObject({ code: 110, subcode: 2207013, userTitle: "Cannot find User" });
    // A name that cannot exist never reaches the network.
    expect(isUserNotFound(await caught(account.businessDiscovery("bad name){id}")))).toBe(true);
  });

  it("is not available with Instagram Login", async () => {
    const rig = createRig();
    expect(await caught(rig.igAccount().businessDiscovery("morningpour"))).toMatchObject({
      code: 100,
    });
  });
});

describe("hashtag search (§7.2)", () => {
  it("finds a hashtag id and its top and recent media", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
    const id = await account.searchHashtag("#ceramics");
    expect(id).toMatch(/^17843\d{12}$/);
    expect(await account.getHashtag(id!)).toEqual({ id, name: "ceramics" });
    const top = await account.hashtagMedia(id!, "top", { limit: 10 });
    expect(top.data).toHaveLength(10);
    const likes = top.data.map((media) => media.like_count!);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
    const recent = await account.hashtagMedia(id!, "recent", { limit: 50 });
    const cutoff = rig.now().getTime() - 86400_000;
    expect(
      recent.data.every((media) => Date.parse(media.timestamp!.replace("+0000", "Z")) >= cutoff),
    ).toBe(true);
    expect(await caught(account.hashtagMedia(id!, "top", { fields: "id,username" }))).toMatchObject(
      { code: 100 },
    );
    expect((await account.recentlySearchedHashtags()).map((tag) => tag.name)).toEqual(["ceramics"]);
  });

  it("refuses hashtag search to Instagram Login tokens and profile reads without every Facebook grant (§1.1)", async () => {
    const rig = createRig();
    // graph.instagram.com has no ig_hashtag_search node at all.
    expect(await caught(rig.igAccount().searchHashtag("latteart"))).toMatchObject({
      graphMessage: expect.stringContaining("Unknown path components"),
    });
    const noEngagement = rig.fbAccount("northfield.coffee", ["instagram_basic", "pages_show_list"]);
    expect(await caught(noEngagement.getProfile())).toMatchObject({
      code: 10,
      userMessage: "Missing permission: pages_read_engagement",
    });
  });

  it("allows 30 unique hashtags per 7 days; repeats do not count", async () => {
    const rig = createRig();
    const account = rig.fbAccount("northfield.coffee");
    for (let index = 0; index < 30; index++) await account.searchHashtag(`coffee${index}`);
    await expect(account.searchHashtag("coffee3")).resolves.toBeDefined();
    expect(await caught(account.searchHashtag("onemore"))).toMatchObject({ code: 18 });
    rig.advance(7 * 86400_000 + 1000);
    await expect(account.searchHashtag("onemore")).resolves.toBeDefined();
  });
});
