import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

const SCREENSHOT_DIR = process.env.COMPOSER_SCREENSHOT_DIR;

async function connectedPage(browser: Browser, serverUrl: string, width = 1440) {
  const session = await signedInPage(browser, serverUrl, { prefix: "composer", width });
  const { page } = session;
  await page.goto(`${serverUrl}/settings`);
  await page.getByRole("button", { name: "Connect with Instagram" }).click();
  await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
  await page.getByRole("button", { name: /@lena\.makes/ }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await page.getByTestId("instagram-connected").waitFor({ timeout: 60_000 });
  await page.goto(`${serverUrl}/dashboard`);
  return session;
}

/** A PNG drawn by the browser itself (so the composer has something to convert to JPEG). */
async function makePng(page: Page, color: string, width = 800, height = 800): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ color, width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = color;
      context.fillRect(0, 0, width, height);
      context.fillStyle = "#ffffff";
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      return canvas.toDataURL("image/png");
    },
    { color, width, height },
  );
  return Buffer.from(dataUrl.split(",")[1] as string, "base64");
}

async function openComposer(page: Page) {
  await page.getByRole("button", { name: "New" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Instagram Post" });
  await dialog.waitFor();
  return dialog;
}

async function addImages(page: Page, files: { name: string; color: string }[]) {
  const payload = [];
  for (const file of files) {
    payload.push({
      name: file.name,
      mimeType: "image/png",
      buffer: await makePng(page, file.color),
    });
  }
  await page.getByLabel("Add photos or videos").setInputFiles(payload);
}

async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

describe.skipIf(!hasChromium())("the composer (sandbox)", () => {
  // A shared, busy machine can take over a minute to boot the server with its migrations.
  const live = useServerAndBrowser({ timeoutMs: 170_000 });

  it("enforces its rules: media needed, hashtag limit, tags, carousel, reset on close", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url);
    let dialog = await openComposer(page);

    // Spec §5: publish and schedule need media; AI generation says 'Please add media first'.
    await dialog.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Add at least one media item");
    await dialog.getByRole("button", { name: "Write caption" }).click();
    await toast(page, "Please add media first");
    await expect(dialog.getByTestId("post-type").textContent()).resolves.toBe("Image");

    // Hashtags: # stripped, no duplicates, comma/space/Enter, 30 at most, red above 25.
    const hashtags = dialog.getByLabel("Hashtags");
    await hashtags.fill("#coffee");
    await hashtags.press("Enter");
    await hashtags.pressSequentially("coffee latte,");
    await dialog.getByText("#latte").waitFor();
    await expect(dialog.getByTestId("hashtag-count").textContent()).resolves.toBe("2/30");
    await hashtags.fill(Array.from({ length: 30 }, (_, i) => `tag${i}`).join(" "));
    await toast(page, "Maximum 30 hashtags allowed");
    await expect(dialog.getByTestId("hashtag-count").textContent()).resolves.toBe("30/30");
    await expect(dialog.getByTestId("hashtag-count").getAttribute("class")).resolves.toContain(
      "text-red-700",
    );

    // Emoticons show as emoji in the preview.
    await dialog.getByLabel("Caption").fill("Morning pour :) <3");
    await dialog.getByTestId("preview-caption").getByText("Morning pour 🙂 ❤️").waitFor();

    // Two PNGs: converted to JPEG, a carousel with arrows and dots.
    await addImages(page, [
      { name: "first.png", color: "#7c3aed" },
      { name: "second.png", color: "#db2777" },
    ]);
    await toast(page, "Converting first.png to JPEG for Instagram...");
    await expect.poll(() => dialog.getByTestId("media-item").count()).toBe(2);
    await expect(dialog.getByTestId("post-type").textContent()).resolves.toBe("Carousel");
    await dialog.getByRole("button", { name: "Photo 1 of 2: first.jpg", exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Next media" }).click();
    await expect(
      dialog.getByRole("button", { name: "Show media 2 of 2" }).getAttribute("aria-current"),
    ).resolves.toBe("true");
    await dialog.getByRole("button", { name: "Previous media" }).click();

    // Reorder by keyboard.
    await dialog.getByRole("button", { name: /^Photo 1 of 2: first\.jpg/ }).focus();
    await page.keyboard.press("ArrowRight");
    await dialog.getByRole("button", { name: /^Photo 2 of 2: first\.jpg/ }).waitFor();

    // Tag people: a click opens the prompt there; Escape closes only the prompt.
    await dialog.getByRole("button", { name: "Tag people" }).click();
    const media = dialog.getByTestId("preview-media");
    const box = await media.boundingBox();
    if (!box) throw new Error("no preview");
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    const prompt = dialog.getByRole("group", { name: "Tag someone" });
    await prompt.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => prompt.count()).toBe(0);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await prompt.getByLabel("Username to tag").fill("@oona.bakes");
    await prompt.getByRole("button", { name: "Tag" }).click();
    await dialog.getByRole("button", { name: "Remove tag oona.bakes" }).waitFor();
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.3);
    await prompt.getByLabel("Username to tag").fill("oona.bakes");
    await prompt.getByRole("button", { name: "Tag" }).click();
    await prompt.getByText("User already tagged").waitFor();
    await prompt.getByRole("button", { name: "Cancel" }).click();
    await screenshot(page, "composer-1440");

    // Closing resets everything.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    dialog = await openComposer(page);
    await expect(dialog.getByTestId("media-item").count()).resolves.toBe(0);
    await expect(dialog.getByLabel("Caption").inputValue()).resolves.toBe("");
    await expect(dialog.getByTestId("hashtag-count").textContent()).resolves.toBe("0/30");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("schedules an image for tomorrow at 10:00 and lists it", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url);
    const dialog = await openComposer(page);
    await addImages(page, [{ name: "launch.png", color: "#0ea5e9" }]);
    await expect.poll(() => dialog.getByTestId("media-item").count()).toBe(1);
    await dialog.getByLabel("Caption").fill("New roast, out tomorrow.");
    await dialog.getByLabel("Hashtags").fill("specialtycoffee ");

    // Spec §4: no date chosen yet, so Schedule opens the sheet.
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Schedule Post" });
    await sheet.waitFor();
    await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
    await toast(page, "Please select a date.");

    const { tomorrowLabel, tomorrow, yesterdayLabel } = await page.evaluate(() => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const label = (d: Date) =>
        new Intl.DateTimeFormat("en-US", {
          timeZone: zone,
          weekday: "long",
          month: "long",
          day: "numeric",
          year: "numeric",
        }).format(d);
      const iso = (d: Date) =>
        new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(d).slice(0, 10);
      const next = new Date(Date.now() + 86_400_000);
      return {
        tomorrowLabel: label(next),
        tomorrow: iso(next),
        yesterdayLabel: label(new Date(Date.now() - 86_400_000)),
      };
    });
    const yesterday = sheet.getByRole("button", { name: yesterdayLabel, exact: true });
    if ((await yesterday.count()) > 0) await expect(yesterday.isDisabled()).resolves.toBe(true);
    let day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
    if ((await day.count()) === 0) {
      await sheet.getByRole("button", { name: "Next month" }).click();
      day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
    }
    await day.click();
    // Default time 10:00; tomorrow has no disabled hours.
    await expect(
      sheet.getByRole("button", { name: "Hour 10" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(
      sheet.getByRole("button", { name: "Minute 00" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(sheet.getByRole("button", { name: "Hour 00" }).isDisabled()).resolves.toBe(false);
    await expect(sheet.getByTestId("scheduled-for").textContent()).resolves.toBe(
      `${tomorrowLabel} at 10:00`,
    );
    await sheet.getByRole("button", { name: "Confirm Schedule" }).click();
    await toast(page, "Scheduled successfully");
    await expect.poll(() => dialog.count()).toBe(0);

    const { posts } = await page.evaluate(async () => {
      const response = await fetch("/api/scheduled-posts");
      return (await response.json()) as {
        posts: {
          caption: string;
          hashtags: string[];
          status: string;
          scheduled_time: string;
          time_zone: string;
          items: { key: string; mediaType: string }[];
        }[];
      };
    });
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({
      caption: "New roast, out tomorrow.",
      hashtags: ["specialtycoffee"],
      status: "scheduled",
    });
    // The PNG went out as a JPEG.
    expect(post.items[0]?.key).toMatch(/\.jpg$/);
    const local = await page.evaluate(
      ({ iso, zone }) =>
        new Intl.DateTimeFormat("en-CA", {
          timeZone: zone,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }).format(new Date(iso)),
      { iso: post.scheduled_time, zone: post.time_zone },
    );
    expect(local).toBe(`${tomorrow}, 10:00`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
