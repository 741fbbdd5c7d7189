import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeProblems as axeProblemsOf } from "./support/axe.ts";
import { E2E_CONTROL_TOKEN, hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

const CONTROL_TOKEN = E2E_CONTROL_TOKEN;
/** Set MENTIONS_SHOTS=/some/dir to keep the page's screenshots at 1440 and 390 px. */
const shots = process.env.MENTIONS_SHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function control(url: string, space: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/sandbox/_control${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-sandbox-control-token": CONTROL_TOKEN,
      "x-sandbox-space": space,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** WCAG 2.1 A and AA problems axe finds on the page, as "rule: target" lines. */
async function axeProblems(page: Page): Promise<string[]> {
  // Toasts go by themselves; axe looks at the page (the toasts' colours are the app's, not this page's).
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 20_000 }).toBe(0);
  return axeProblemsOf(page);
}

type MentionItem = { id: string; text: string | null; kind: string; author_username: string };

describe.skipIf(!hasChromium())("Mentions: who mentioned or tagged @lena.makes (issue 34)", () => {
  const live = useServerAndBrowser({
    timeoutMs: 170_000,
    template: "connected",
    accounts: 1,
  });

  it("lists this week's mentions and tags live, lights the bell, replies to a comment mention, at 1440 and 390 px", async () => {
    const url = live.server.url;
    const { page, context, errors } = await connectedPage(live.browser, url, 1440);
    const connection = await page.evaluate(async () => {
      const body = (await (await fetch("/api/instagram/connection")).json()) as {
        connection: { user_id: string; instagram_id: string };
      };
      return body.connection;
    });
    const space = connection.user_id;

    // To the page by the sidebar: no reload.
    await page.getByRole("navigation").getByRole("link", { name: "Mentions" }).click();
    await page.waitForURL(`${url}/mentions`);
    await page.getByRole("heading", { name: "Who mentioned you" }).waitFor();

    // Someone mentions her in a comment: the webhook brings it to the open page and the bell.
    const marker = `@lena.makes your speckled mugs! ${Date.now()}`;
    await control(url, space, "/simulate/mention", {
      username: "lena.makes",
      kind: "comment",
      from: "harbor.clayworks",
      text: marker,
    });
    const card = page.getByTestId("ig-mention").filter({ hasText: marker });
    await card.waitFor({ timeout: 30_000 });
    await expect(card.textContent()).resolves.toContain("@harbor.clayworks");
    await expect(card.textContent()).resolves.toContain("Mentioned you in a comment");
    await page.getByTestId("notifications-dot").waitFor({ timeout: 20_000 });

    // Her tags, read on demand ("Check tags now"), join the same list.
    await page.getByRole("button", { name: "Check tags now" }).click();
    await page.getByRole("button", { name: "Tags", exact: true }).click();
    await page.getByRole("button", { name: "90 days", exact: true }).click();
    const tagCards = page.getByTestId("ig-mention").filter({ hasText: "Tagged you in a post" });
    await tagCards.first().waitFor({ timeout: 30_000 });
    const listed = await page.evaluate(async () => {
      const body = (await (await fetch("/api/mentions?kind=tag&days=90")).json()) as {
        items: MentionItem[];
      };
      return body.items.length;
    });
    await expect(tagCards.count()).resolves.toBe(Math.min(listed, 50));
    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.getByRole("button", { name: "7 days", exact: true }).click();
    await card.waitFor();

    // The numbers are Instagram's: the card shows the post's likes as the API gave them.
    const item = await page.evaluate(async (text) => {
      const body = (await (await fetch("/api/mentions")).json()) as {
        items: Array<MentionItem & { like_count: number | null }>;
      };
      return body.items.find((entry) => entry.text === text)!;
    }, marker);
    if (item.like_count !== null) {
      await expect(card.textContent()).resolves.toContain(
        `${item.like_count.toLocaleString()} likes`,
      );
    }
    await shot(page, "mentions-1440");
    expect(await axeProblems(page)).toEqual([]);

    // The bell names the mention and leads here.
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("menuitem", { name: /new mention/ }).waitFor();
    await closeWithEscape(page, page.getByRole("menu"));

    // Reply under the comment: it reaches Instagram (the sandbox), and the card says so.
    await card.getByRole("button", { name: "Reply" }).click();
    await card.getByRole("textbox").fill("Thank you! They are back in the shop on Friday 🤍");
    await card.getByRole("button", { name: "Send reply" }).click();
    await card.getByText("Replied").waitFor();
    const state = await control(url, space, "/state");
    expect(state.mentionReplies).toContainEqual(
      expect.objectContaining({ text: "Thank you! They are back in the shop on Friday 🤍" }),
    );

    // 390 px: the same page, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "mentions-390");
    expect(await axeProblems(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
