import { describe, expect, it } from "vitest";
import { E2E_PASSWORD, latestLinkFor, setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { COMPOSER_TEST_TIMEOUT_MS, connectedPage } from "./support/composer.ts";
import { listPostButton } from "./support/scheduler.ts";
import { inviteMember, makePost } from "./support/team.ts";

const SCREENSHOT_DIR = process.env.POST_COMMENTS_SCREENSHOT_DIR;

/*
 * Comments between members (issue 33 point 3, decision 042), one flow on one server: the owner
 * invites an editor, both open the same post in the content scheduler, the owner comments with an
 * @mention picked from the autocomplete; the editor sees it live, and the bell and one e-mail.
 */
describe.skipIf(!hasChromium())("comments between members", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it(
    "an @mention reaches the other member live, in the bell and by e-mail",
    async () => {
      const url = live.server.url;
      const owner = await connectedPage(live.browser, url, 1440);
      await setPlan(owner.page, "premium", { reload: false });
      const invitee = `editor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      // The invitation and a scheduled post, through the API (the composer has its own tests).
      await inviteMember(owner.page, invitee, "editor");
      const { id: postId, day } = await makePost(owner.page, {
        caption: "Winter roast launch",
        inHours: 3,
      });

      // The editor signs up, opens the invitation on a phone and accepts it.
      const invitation = await latestLinkFor(url, invitee);
      await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          email: invitee,
          password: E2E_PASSWORD,
          name: "x",
          firstName: "Eddie",
          lastName: "Tor",
          callbackURL: "/auth/callback",
        }),
      });
      const context = await live.browser.newContext({ viewport: { width: 390, height: 844 } });
      const editor = await context.newPage();
      const errors: string[] = [];
      editor.on("pageerror", (error) => errors.push(error.message));
      await editor.goto(await latestLinkFor(url, invitee));
      await editor.waitForURL(`${url}/dashboard`);
      await editor.goto(invitation);
      await editor.getByRole("button", { name: "Accept invitation" }).click();
      await editor.waitForURL(`${url}/dashboard`);

      // Both open the post's panel.
      const openPanel = async (page: typeof editor) => {
        const post = await listPostButton(page, url, day, postId).catch(async (error) => {
          if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/failed.png` });
          throw error;
        });
        await post.click();
        const comments = page.getByRole("region", { name: /^Comments/ });
        await comments.waitFor();
        return comments;
      };
      const editorComments = await openPanel(editor);
      await editorComments.getByText("No comments yet.").waitFor();
      const ownerComments = await openPanel(owner.page);

      // The owner mentions Eddie through the autocomplete.
      const box = ownerComments.getByLabel("Write a comment");
      await box.click();
      await box.pressSequentially("Please check the caption @Edd");
      await ownerComments.getByRole("button", { name: "@Eddie Tor" }).click();
      await box.pressSequentially("thanks");
      await ownerComments.getByRole("button", { name: "Comment", exact: true }).click();
      await ownerComments.getByTestId("post-comment").filter({ hasText: "@Eddie Tor" }).waitFor();

      // The editor's open panel shows it without a reload, and the bell has something new.
      await editorComments
        .getByTestId("post-comment")
        .filter({ hasText: "Please check the caption" })
        .waitFor({ timeout: 20_000 });
      await editor.getByTestId("notifications-dot").first().waitFor({ timeout: 20_000 });
      const { messages } = (await (await fetch(`${url}/api/dev/mailbox`)).json()) as {
        messages: { to: string; subject: string }[];
      };
      const mentions = messages.filter((m) => /mentioned you in a comment/.test(m.subject));
      expect(mentions.map((m) => m.to)).toEqual([invitee]);

      if (SCREENSHOT_DIR) {
        await ownerComments.scrollIntoViewIfNeeded();
        await owner.page.screenshot({ path: `${SCREENSHOT_DIR}/comments-1440.png` });
        await editorComments.scrollIntoViewIfNeeded();
        await editor.screenshot({ path: `${SCREENSHOT_DIR}/comments-390.png` });
      }
      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
      await context.close();
      await owner.context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS,
  );
});
