import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_PASSWORD, latestLinkFor, setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { COMPOSER_TEST_TIMEOUT_MS, connectedPage, toast } from "./support/composer.ts";
import { listPostButton } from "./support/scheduler.ts";
import { inviteMember, makePost } from "./support/team.ts";

/** Set SHOTS=/some/dir to keep screenshots of Settings and the composer at 1440 and 390 px. */
const shots = process.env.SHOTS;

type ApprovalView = {
  post: { status: string; approval_state: string; caption: string };
  history: { action: string }[];
};

/*
 * Approvals in the composer's Edit and named approvers in Settings (issue 33 point 1, decision
 * 037), one flow on one server: the owner names themselves an approver in Settings and approves
 * a post; an editor opens it in the composer (Schedule, as approved), changes the caption (now
 * "Send for approval") and sends it: it is back in review with the new caption.
 */
describe.skipIf(!hasChromium())("approvals in the composer's Edit and in Settings", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it(
    "an owner names an approver in Settings; an editor's edit of an approved post is sent for approval",
    async () => {
      const url = live.server.url;
      const owner = await connectedPage(live.browser, url, 1440);
      await setPlan(owner.page, "premium", { reload: false });
      const invitee = `editor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      // The invitation and a scheduled post, through the API (the composer has its own tests).
      await inviteMember(owner.page, invitee, "editor");
      const { id: postId, day } = await makePost(owner.page, {
        caption: "Winter roast launch",
        inHours: 26,
        hashtags: ["coffee"],
      });

      // Settings: approvals on, and the owner names themselves an approver.
      await owner.page.goto(`${url}/settings`);
      await owner.page.getByLabel(/Posts need approval/).click();
      await toast(owner.page, "Posts now need approval");
      const approvers = owner.page.getByRole("group", { name: "Named approvers" });
      const ownerBox = approvers.getByRole("checkbox", { name: new RegExp(owner.email) });
      await ownerBox.waitFor();
      expect(await ownerBox.isChecked()).toBe(false);
      const save = approvers.getByRole("button", { name: "Save approvers" });
      expect(await save.isDisabled()).toBe(true);
      // By keyboard: focus the box, Space ticks it.
      await ownerBox.focus();
      await owner.page.keyboard.press("Space");
      await approvers.getByText("Not saved yet").waitFor();
      await save.click();
      await toast(owner.page, "Approvers saved (1)");
      await owner.page.reload();
      await approvers.getByRole("checkbox", { name: new RegExp(owner.email) }).waitFor();
      expect(
        await approvers.getByRole("checkbox", { name: new RegExp(owner.email) }).isChecked(),
      ).toBe(true);
      if (shots) {
        await approvers.scrollIntoViewIfNeeded();
        await owner.page.screenshot({ path: `${shots}/approvers-1440.png` });
        await owner.page.setViewportSize({ width: 390, height: 844 });
        await approvers.scrollIntoViewIfNeeded();
        await owner.page.screenshot({ path: `${shots}/approvers-390.png` });
        await owner.page.setViewportSize({ width: 1440, height: 900 });
      }

      // The owner, a named approver now, sends the post for approval and approves it.
      const approved = await owner.page.evaluate(async (id) => {
        for (const [path, body] of [
          [`/api/approvals/posts/${id}/submit`, {}],
          [`/api/approvals/posts/${id}/decision`, { decision: "approve" }],
        ] as const) {
          const response = await fetch(path, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${path}: ${await response.text()}`);
        }
        return ((await (await fetch(`/api/approvals/posts/${id}`)).json()) as ApprovalView).post;
      }, postId);
      expect(approved).toMatchObject({ status: "scheduled", approval_state: "approved" });

      // The editor signs up and accepts the invitation.
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
      const context = await live.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const editor = await context.newPage();
      const errors: string[] = [];
      editor.on("pageerror", (error) => errors.push(error.message));
      await editor.goto(await latestLinkFor(url, invitee));
      await editor.waitForURL(`${url}/dashboard`);
      await editor.goto(invitation);
      await editor.getByRole("button", { name: "Accept invitation" }).click();
      await editor.waitForURL(`${url}/dashboard`);

      // Edit from the post's panel: approved and unchanged, the composer keeps Schedule.
      const panel = await openPanel(editor, url, day, postId);
      await panel.getByRole("heading", { name: "Approval: Approved" }).waitFor();
      await panel.getByRole("button", { name: "Edit", exact: true }).click();
      const dialog = editor.getByRole("dialog", { name: "Create Instagram Post" });
      const caption = dialog.getByLabel("Caption");
      await expect
        .poll(() => caption.inputValue(), { timeout: 30_000 })
        .toBe("Winter roast launch");
      await dialog.getByRole("button", { name: "Schedule", exact: true }).waitFor();
      expect(await dialog.getByRole("button", { name: "Send for approval" }).count()).toBe(0);

      // A changed caption has to be approved again.
      await caption.fill("Winter roast launch, now with the new label");
      const send = dialog.getByRole("button", { name: "Send for approval" });
      await send.waitFor();
      expect(await dialog.getByRole("button", { name: "Schedule", exact: true }).count()).toBe(0);
      expect(await dialog.getByRole("button", { name: "Publish", exact: true }).count()).toBe(0);
      if (shots) {
        await editor.screenshot({ path: `${shots}/composer-edit-1440.png` });
        await editor.setViewportSize({ width: 390, height: 844 });
        await send.scrollIntoViewIfNeeded();
        await editor.screenshot({ path: `${shots}/composer-edit-390.png` });
        await editor.setViewportSize({ width: 1440, height: 900 });
      }
      await send.click();
      // The post's own time, shown again in the sheet before it is used (issue 24).
      const sheet = editor.getByRole("dialog", { name: "Schedule Post" });
      await sheet.waitFor();
      await sheet.getByRole("button", { name: "Send for approval" }).click();
      await toast(editor, "Sent for approval");
      await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);

      // In review again with the new caption, never scheduled meanwhile; the history says so.
      const after = await editor.evaluate(
        async (id) => (await (await fetch(`/api/approvals/posts/${id}`)).json()) as ApprovalView,
        postId,
      );
      expect(after.post).toMatchObject({
        status: "draft",
        approval_state: "in_review",
        caption: "Winter roast launch, now with the new label",
      });
      expect(after.history.map((event) => event.action)).toEqual(["submit", "approve", "submit"]);
      const reopened = await openPanel(editor, url, day, postId);
      await reopened.getByRole("heading", { name: "Approval: In review" }).waitFor();
      await reopened.getByText("Eddie Tor sent it for approval").waitFor();

      // An editor reads who the approvers are and cannot change them.
      const ownerName = await owner.page.evaluate(async (email) => {
        const { members } = (await (await fetch("/api/workspaces/current/members")).json()) as {
          members: { email: string; name: string }[];
        };
        return members.find((member) => member.email === email)?.name || email;
      }, owner.email);
      await editor.goto(`${url}/settings`);
      const readOnly = editor.getByTestId("named-approvers");
      await readOnly.getByText(ownerName).waitFor();
      expect(await readOnly.getByRole("checkbox").count()).toBe(0);
      expect(await editor.getByRole("button", { name: "Save approvers" }).count()).toBe(0);
      if (shots) {
        await editor.setViewportSize({ width: 390, height: 844 });
        await readOnly.scrollIntoViewIfNeeded();
        await editor.screenshot({ path: `${shots}/approvers-editor-390.png` });
      }

      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
      await context.close();
      await owner.context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS,
  );
});

/** The post's side panel in the content scheduler's list, on its day. */
async function openPanel(page: Page, url: string, day: string, postId: string) {
  const post = await listPostButton(page, url, day, postId);
  await post.click();
  const panel = page.getByTestId("post-panel");
  await panel.waitFor();
  return panel;
}
