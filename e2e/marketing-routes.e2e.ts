import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/** Every public route of the specification (§2), with a phrase its <h1> must contain. */
const publicRoutes: Record<string, RegExp> = {
  "/": /Know what works on Instagram/,
  "/privacy-policy": /Privacy Policy/,
  "/terms-of-service": /Terms of Service/,
  "/data-deletion": /Data Deletion/,
  "/investors": /Investors/,
  "/features/overview": /understand, answer and publish/,
  "/features/messages-inbox": /Every DM and comment/,
  "/features/ai-insights": /AI team that shows its work/,
  "/features/audience-insights": /who you are talking to/,
  "/features/post-performance": /which posts work/,
  "/features/automations": /Automate the replies/,
  "/solutions/creators": /Grow with your own data/,
  "/solutions/agencies": /Every client account/,
  "/solutions/smb-ecommerce": /questions in your comments into orders/,
  "/solutions/startups": /Build an audience from day one/,
  "/resources/blog": /Guides for growing on Instagram/,
  "/resources/blog/ai-transforming-analytics": /How AI Is Transforming Social Media Analytics/,
  "/resources/blog/engagement-quality-matters": /Engagement Quality/,
  "/resources/blog/building-trend-radar": /Trend Radar/,
  "/resources/blog/10-automation-workflows": /10 Instagram Automation Workflows/,
  "/resources/blog/ultimate-instagram-analytics": /Ultimate Guide to Instagram Analytics/,
  "/resources/blog/top-creators-content-strategy": /Top Creators/,
  "/resources/templates": /Caption templates and content calendars/,
  "/resources/free-tools": /Free Instagram tools/,
  "/resources/social-media-insights": /Instagram's numbers, explained/,
  "/resources/community": /grow on Instagram, with us/,
  "/resources/support": /How can we help/,
  "/developers": /Sightline API reference/,
};

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const wordsIn = (text: string) => text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;

describe.skipIf(!hasChromium())("the public site: every route", () => {
  const live = useServerAndBrowser();

  it("serves each route as prerendered HTML with its content, title, description, canonical URL and Open Graph tags", async () => {
    for (const [route, heading] of Object.entries(publicRoutes)) {
      const response = await fetch(`${live.server.url}${route}`);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      // The content is in the HTML before any script runs.
      const root = html.slice(
        html.indexOf('<div id="root"'),
        html.indexOf("<script", html.indexOf('<div id="root"')),
      );
      expect(root, route).toContain(`data-prerendered="${route}"`);
      const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? "");
      expect(h1, route).toMatch(heading);
      expect(wordsIn(root.replace(/<[^>]+>/g, " ")), route).toBeGreaterThan(300);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, route).toMatch(/Sightline/);
      expect(html, route).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const canonical = route === "/" ? "https://sightline.app/" : `https://sightline.app${route}`;
      expect(html, route).toContain(`<link rel="canonical" href="${canonical}"`);
      expect(html, route).toContain(`<meta property="og:url" content="${canonical}"`);
      expect(html, route).toMatch(/<meta property="og:title" content="[^"]+"/);
    }
  });

  it("serves sitemap.xml with every route and robots.txt pointing to it", async () => {
    const sitemap = await (await fetch(`${live.server.url}/sitemap.xml`)).text();
    for (const route of Object.keys(publicRoutes)) {
      expect(sitemap).toContain(`<loc>https://sightline.app${route === "/" ? "/" : route}</loc>`);
    }
    const robots = await (await fetch(`${live.server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://sightline.app/sitemap.xml");
    expect(robots).toContain("Disallow: /dashboard");
    // The review link's page and the Reviews page are private too (a token in the address).
    expect(robots).toContain("Disallow: /review");
  });

  it("shows every route in the browser with its heading and real content, and hydrates without errors", async () => {
    const context = await live.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const [route, heading] of Object.entries(publicRoutes)) {
      await page.goto(`${live.server.url}${route}`);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1.textContent(), route).resolves.toMatch(heading);
      // Start the app (the first pointer movement) and let it hydrate.
      await page.mouse.move(40, 40);
      await page.waitForLoadState("networkidle");
      const words = wordsIn(await page.locator("main").innerText());
      expect(words, `${route} has ${words} words of visible text`).toBeGreaterThanOrEqual(300);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a new page at its top and goes Back to where the reader was, with a progress bar meanwhile", async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${live.server.url}/features/overview`);
    await page.mouse.move(40, 40);
    await page.locator("html[data-app=ready]").waitFor();
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY >= 1500);
    const read = await page.evaluate(() => window.scrollY);
    // Another public page from the footer (its code not loaded yet): the progress bar shows while
    // it loads, and the page opens at its top at once, not gliding up (the site scrolls smoothly).
    await page.evaluate(() => {
      const bar = document.querySelector(".origin-left.fixed");
      const seen = window as unknown as { __barShown?: boolean };
      new MutationObserver(() => {
        if (bar?.classList.contains("scale-x-75")) seen.__barShown = true;
      }).observe(bar!, { attributes: true });
    });
    // (Clicked from script: Playwright's own click would first scroll the link into view.)
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>("footer a[href='/features/automations']")?.click(),
    );
    await page.getByRole("heading", { level: 1, name: /Automate the replies/ }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as { __barShown?: boolean }).__barShown)).toBe(true);
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: /understand, answer and publish/ }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, read);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never scrolls sideways on a phone", async () => {
    const context = await live.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    for (const route of Object.keys(publicRoutes)) {
      await page.goto(`${live.server.url}${route}`);
      const [scrollWidth, width] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, route).toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  it("keeps client rendering for other addresses: the not-found page, without the landing page's markup", async () => {
    const page = await live.browser.newPage();
    await page.goto(`${live.server.url}/resources/nothing-here`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expect(page.locator("#root").getAttribute("data-prerendered")).resolves.toBeNull();
    await expect(page.getByText("Know what works on Instagram").count()).resolves.toBe(0);
    await page.close();
  });
});
