import type { WorkspaceRole } from "@sightline/contracts";
import type { Page } from "playwright-core";

/*
 * A workspace's set-up through the API from a signed-in member's page, for tests whose subject is
 * what comes after (the team screens and the composer have their own tests).
 */

/** Invites `email` into the page's workspace with `role`, as Settings → Team does. */
export async function inviteMember(page: Page, email: string, role: WorkspaceRole): Promise<void> {
  await page.evaluate(
    async ({ email, role }) => {
      const invited = await fetch("/api/workspaces/current/invitations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, role }),
      });
      if (invited.status !== 201) throw new Error(`invite: ${invited.status}`);
    },
    { email, role },
  );
}

/**
 * A post with the sandbox's sample photo, `inHours` from now in the browser's zone, made through
 * `path`: scheduled (`/api/scheduled-posts`) or sent for approval (`/api/approvals/posts`).
 * Answers its id and its day in the browser's zone (after 21:00 a post 3 hours ahead is
 * tomorrow's).
 */
export async function makePost(
  page: Page,
  post: {
    caption: string;
    inHours: number;
    hashtags?: string[];
    path?: "/api/scheduled-posts" | "/api/approvals/posts";
  },
): Promise<{ id: string; day: string }> {
  return page.evaluate(
    async ({ caption, inHours, hashtags, path }) => {
      const image = await (await fetch("/sandbox/cdn/samples/image.jpg")).arrayBuffer();
      const uploaded = await fetch("/api/uploads/instagram-media", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: image,
      });
      if (!uploaded.ok) throw new Error(`upload: ${uploaded.status}`);
      const at = new Date(Date.now() + inHours * 3_600_000);
      const made = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          items: [{ ...(await uploaded.json()), mediaType: "image" }],
          caption,
          hashtags,
          collaborators: [],
          scheduled_time: at.toISOString(),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          client_id: crypto.randomUUID(),
        }),
      });
      if (made.status !== 201) throw new Error(`${path}: ${await made.text()}`);
      const { post } = (await made.json()) as { post: { id: string } };
      return { id: post.id, day: at.toLocaleDateString("sv-SE") };
    },
    { hashtags: [], path: "/api/scheduled-posts", ...post },
  );
}
