import { z } from "zod";
import type { Transport } from "./http.ts";
import { type Page, toPage } from "./pagination.ts";
import { collectionSchema } from "./schemas/common.ts";
import {
  type FacebookPage,
  type FacebookUser,
  facebookPageSchema,
  facebookUserSchema,
  type PermissionEntry,
  permissionEntrySchema,
} from "./schemas/oauth.ts";

const pageFields = "id,name,access_token,tasks,instagram_business_account{id,username}";

/** §1.3 steps 4–5 — what a Facebook user token can see. */
export type FacebookApi = {
  getUser(userToken: string): Promise<FacebookUser>;
  listPermissions(userToken: string): Promise<PermissionEntry[]>;
  listPages(
    userToken: string,
    options?: { after?: string; limit?: number },
  ): Promise<Page<FacebookPage>>;
  /** Pages the person manages that have an IG professional account linked. */
  listInstagramPages(userToken: string, options?: { maxPages?: number }): Promise<FacebookPage[]>;
  getPage(pageId: string, token: string): Promise<FacebookPage>;
  /** `DELETE /me/permissions`: the person removes the app (every token of theirs stops working). */
  revokePermissions(userToken: string): Promise<void>;
};

export function createFacebookApi(transport: Transport): FacebookApi {
  return {
    getUser(userToken) {
      return transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: "/me",
          query: { fields: "id,name" },
          token: userToken,
          idempotent: true,
        },
        facebookUserSchema,
      );
    },

    async listPermissions(userToken) {
      const response = await transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: "/me/permissions",
          token: userToken,
          idempotent: true,
        },
        z.object({ data: z.array(permissionEntrySchema) }),
      );
      return response.data;
    },

    async revokePermissions(userToken) {
      await transport.request(
        {
          host: "graphFacebook",
          method: "DELETE",
          path: "/me/permissions",
          token: userToken,
          idempotent: true,
        },
        z.object({ success: z.boolean() }),
      );
    },

    async listPages(userToken, options) {
      const response = await transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: "/me/accounts",
          query: { fields: pageFields, limit: options?.limit ?? 100, after: options?.after },
          token: userToken,
          idempotent: true,
        },
        collectionSchema(facebookPageSchema),
      );
      return toPage(response);
    },

    async listInstagramPages(userToken, options) {
      const pages: FacebookPage[] = [];
      let after: string | undefined;
      for (let index = 0; index < (options?.maxPages ?? 10); index++) {
        const page = await this.listPages(userToken, after !== undefined ? { after } : {});
        pages.push(...page.data.filter((entry) => entry.instagram_business_account !== undefined));
        if (page.nextCursor === undefined) break;
        after = page.nextCursor;
      }
      return pages;
    },

    getPage(pageId, token) {
      return transport.request(
        {
          host: "graphFacebook",
          method: "GET",
          path: `/${encodeURIComponent(pageId)}`,
          query: { fields: "id,name,instagram_business_account{id,username}" },
          token,
          idempotent: true,
        },
        facebookPageSchema,
      );
    },
  };
}
