import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { holdPageScript } from "./support/page-script.ts";

describe.skipIf(!hasChromium())("the public site's forms and tools", () => {
  const live = useServerAndBrowser();

  it("checks the support form in the browser, then posts the right JSON", async () => {
    const page = await live.browser.newPage();
    await page.goto(`${live.server.url}/resources/support`);
    const form = page.locator("#contact");
    await form.getByRole("button", { name: "Send message" }).click();
    for (const message of [
      "Enter your name.",
      "Enter a valid e-mail address.",
      "Choose a topic.",
      "Tell us a little more: at least 20 characters.",
    ]) {
      await form.getByText(message).waitFor();
    }
    await expect(form.getByLabel("Your name").getAttribute("aria-invalid")).resolves.toBe("true");

    await form.getByLabel("Your name").fill("Ada Lovelace");
    await form.getByLabel("E-mail address").fill("not-an-address");
    await form.getByLabel("Topic").selectOption("instagram");
    await form.getByLabel("Message").fill("Too short");
    await form.getByRole("button", { name: "Send message" }).click();
    await form.getByText("Enter a valid e-mail address.").waitFor();
    await form.getByText("Tell us a little more: at least 20 characters.").waitFor();
    await expect(form.getByText("Enter your name.").count()).resolves.toBe(0);

    const bodies: unknown[] = [];
    let answer: { status: number; body: unknown } = {
      status: 429,
      body: {
        error: {
          code: "rate_limited",
          message: "You have sent several messages in the last hour.",
        },
      },
    };
    await page.route("**/api/support/requests", async (route) => {
      bodies.push(route.request().postDataJSON());
      expect(route.request().method()).toBe("POST");
      await route.fulfill({ status: answer.status, json: answer.body });
    });
    await form.getByLabel("E-mail address").fill("ada@example.com");
    const message = "I cannot connect my Creator account from Settings.";
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send message" }).click();

    // A 4xx shows the server's message and keeps what was typed.
    await form
      .getByRole("alert")
      .filter({ hasText: "You have sent several messages in the last hour." })
      .waitFor();
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe(message);
    expect(bodies).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", topic: "instagram", message },
    ]);

    answer = {
      status: 201,
      body: { id: "3f1c", reference: "3F1C2B9A", created_at: new Date().toISOString() },
    };
    await form.getByRole("button", { name: "Send message" }).click();
    await form.getByText("Thank you, your message was sent").waitFor();
    await form.getByText("3F1C2B9A").waitFor();
    expect(bodies).toHaveLength(2);
    await page.close();
  });

  it("sends a real request: stored, e-mailed to support, confirmed with its reference", async () => {
    const page = await live.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`${live.server.url}/resources/support`);
    // Typing before the app starts is covered by the test above; here the app is live first.
    await page.locator('html[data-app="ready"]').waitFor({ state: "attached" });
    const form = page.locator("#contact");
    const email = `support-e2e-${Date.now()}@example.com`;
    await form.getByLabel("Your name").fill("Maya Chen");
    await form.getByLabel("E-mail address").fill(email);
    await form.getByLabel("Topic").selectOption("instagram");
    await form.getByLabel("Message").fill("My Creator account does not appear after I connect it.");
    await form.getByRole("button", { name: "Send message" }).click();
    await form
      .getByText("Thank you, your message was sent")
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nPage errors: ${errors.join(" | ") || "none"}\nForm: ${await form.innerText()}`,
        );
      });
    expect(errors).toEqual([]);

    const { messages } = (await (await fetch(`${live.server.url}/api/dev/mailbox`)).json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    const toSupport = messages.find(
      (m) => m.to === "support@sightline.app" && m.text.includes(email),
    );
    expect(toSupport?.text).toContain("My Creator account does not appear");
    const reference = toSupport?.subject.match(/\[Support ([0-9A-F]{8})\]/)?.[1];
    expect(reference).toBeDefined();
    await form.getByText(reference!).waitFor();
    // Exactly one request, even when the click came before the page's script started.
    expect(messages.filter((m) => m.to === email)).toHaveLength(1);
    expect(messages.some((m) => m.to === email && m.subject.includes(reference!))).toBe(true);
    await page.close();
  });

  it("keeps a message sent before the page's script has arrived and sends it once it has", async () => {
    const page = await live.browser.newPage();
    // A slow network: the page's script (loaded after its first paint) is held back.
    const script = await holdPageScript(page);
    const posted: unknown[] = [];
    await page.route("**/api/support/requests", async (route) => {
      posted.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        json: { id: "9a0b", reference: "9A0B1C2D", created_at: new Date().toISOString() },
      });
    });
    await page.goto(`${live.server.url}/resources/support`);
    const form = page.locator("#contact");
    await form.getByLabel("Your name").fill("Grace Hopper");
    await form.getByLabel("E-mail address").fill("grace@example.com");
    await form.getByLabel("Topic").selectOption("instagram");
    const message = "Posts I scheduled yesterday do not show in the calendar.";
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send message" }).click();
    // Not submitted natively (a GET to this address with the fields in its query) meanwhile.
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${live.server.url}/resources/support`);
    expect(posted).toEqual([]);
    script.release();
    await form.getByText("Thank you, your message was sent").waitFor();
    await form.getByText("9A0B1C2D").waitFor();
    expect(posted).toEqual([
      { name: "Grace Hopper", email: "grace@example.com", topic: "instagram", message },
    ]);
    await page.close();
  });

  it("calculates an engagement rate, counts hashtags against 30 and captions against 2,200", async () => {
    const page = await live.browser.newPage();
    await page.goto(`${live.server.url}/resources/free-tools`);
    const calculator = page.locator("#engagement-rate");
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect
      .poll(() => calculator.getByText("Enter a number, 0 if there were none.").count())
      .toBe(5);
    for (const [label, value] of <[string, string][]>[
      ["Likes", "300"],
      ["Comments", "40"],
      ["Saves", "50"],
      ["Shares", "10"],
      ["Accounts reached", "8,000"],
    ]) {
      await calculator.getByLabel(label).fill(value);
    }
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await calculator.getByText("5.00%").waitFor();

    const hashtags = page.locator("#hashtags");
    const many = Array.from({ length: 32 }, (_, i) => `#tag${i}`).join(" ");
    await hashtags.getByLabel("Your hashtags").fill(`${many} #Tag0`);
    await hashtags.getByText("32 of 30 hashtags").waitFor();
    await hashtags
      .getByText("Instagram allows at most 30 hashtags per post. Remove 2 before posting.")
      .waitFor();
    await hashtags.getByText("Removed duplicates: #Tag0").waitFor();

    const caption = page.locator("#caption-length");
    await caption.getByLabel("Your caption").fill("a".repeat(2205));
    await caption.getByText("5 characters over the 2,200 limit").waitFor();
    await page.close();
  });

  it("generates template files when they are downloaded", async () => {
    const context = await live.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/resources/templates`);
    // The default start date (next Monday) appears once the page has started.
    const start = page.getByLabel("Start date");
    await expect.poll(() => start.inputValue(), { timeout: 30_000 }).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await start.fill("2026-11-02");

    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download .csv: 30-day content calendar" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe("sightline-30-day-content-calendar.csv");
    const calendar = await readFile((await csv.path()) ?? "", "utf8");
    expect(calendar).toContain(
      "Date,Weekday,Content pillar,Format,Post idea,Caption hook,Call to action,Status",
    );
    expect(calendar).toContain("2026-11-02,Monday,Teach,Reel,");

    const [txt] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download .txt: Product launch" }).click(),
    ]);
    expect(txt.suggestedFilename()).toBe("sightline-captions-product-launch.txt");
    expect(await readFile((await txt.path()) ?? "", "utf8")).toContain("1. Teaser");

    const [md] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download .md: Weekly planning template" }).click(),
    ]);
    expect(await readFile((await md.path()) ?? "", "utf8")).toContain("## Week 4");
    await context.close();
  });

  it("explains a deletion code it cannot find", async () => {
    const page = await live.browser.newPage();
    await page.goto(`${live.server.url}/data-deletion?code=DEL-UNKNOWN`);
    await page
      .getByRole("alert")
      .filter({ hasText: "We could not find a deletion request with this code" })
      .waitFor();
    await page.getByText("DEL-UNKNOWN").first().waitFor();
    await page.close();
  });
});
