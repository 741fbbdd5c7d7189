import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { mailboxFor, uniqueEmail } from "../../testing/factories.ts";
import { createHttpClient } from "../../testing/http-client.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

describe("the dev mailbox", () => {
  it("lists messages newest first with their links, as JSON and as a page", async () => {
    const client = createHttpClient(testApp.app);
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await client.post("/api/auth/sign-up/email", {
      email: first,
      password: "sightline 2026",
      name: "x",
    });
    // The e-mail goes out after the response (background tasks): the first must be in the
    // mailbox before the second sign-up, or a busy machine may store them the other way round.
    expect(await mailboxFor(client, first)).toHaveLength(1);
    await client.post("/api/auth/sign-up/email", {
      email: second,
      password: "sightline 2026",
      name: "x",
    });
    const { messages } = (await (await client.get("/api/dev/mailbox")).json()) as {
      messages: { to: string; subject: string; text: string; links: string[]; sent_at: string }[];
    };
    const mine = messages.filter((m) => m.to === first || m.to === second);
    expect(mine.map((m) => m.to)).toEqual([second, first]);
    expect(Object.keys(mine[0]!).sort()).toEqual(
      ["attachments", "channel", "id", "links", "sent_at", "subject", "text", "to"].sort(),
    );
    expect(mine[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const page = await client.get("/dev/mailbox");
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(second);
    expect(html).toContain('<a href="http://localhost:3000/api/auth/verify-email');
  });

  it("does not exist when SMTP is configured or in production", async () => {
    const withSmtp = await createTestApp({ env: { SMTP_URL: "smtp://mail.invalid:25" } });
    try {
      expect((await withSmtp.app.request("/api/dev/mailbox")).status).toBe(404);
      expect((await withSmtp.app.request("/dev/mailbox")).status).toBe(404);
      const config = await (await withSmtp.app.request("/api/config")).json();
      expect(config).toEqual({ googleSignIn: false, devMailbox: false });
    } finally {
      await withSmtp.close();
    }
  });

  it("reports its presence in the public config", async () => {
    expect(await (await testApp.app.request("/api/config")).json()).toEqual({
      googleSignIn: false,
      devMailbox: true,
    });
  });
});
