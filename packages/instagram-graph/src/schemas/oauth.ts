import { z } from "zod";
import { graphIdSchema } from "./common.ts";

const permissionsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    Array.isArray(value) ? value : value.split(",").map((scope) => scope.trim()),
  )
  .transform((scopes) => scopes.filter((scope) => scope.length > 0));

const flatCodeExchangeSchema = z.object({
  access_token: z.string(),
  user_id: graphIdSchema,
  permissions: permissionsSchema.optional(),
});

/**
 * §1.2 step 2 — documented as `{"data":[…]}` with CSV permissions, observed flat with an array
 * and a numeric `user_id`. Both normalise to one shape.
 */
export const instagramCodeExchangeSchema = z
  .union([flatCodeExchangeSchema, z.object({ data: z.array(flatCodeExchangeSchema).min(1) })])
  .transform((value) => {
    const flat = "data" in value ? value.data[0]! : value;
    return {
      accessToken: flat.access_token,
      /**
       * An app-scoped id (§12.2), NOT the professional account id: read that with
       * `oauth.getInstagramAccountId(token)` (`/me?fields=user_id`). Named so that nobody
       * stores it as the account id by accident.
       */
      appScopedUserId: flat.user_id,
      permissions: flat.permissions ?? [],
    };
  });
export type InstagramCodeExchange = z.output<typeof instagramCodeExchangeSchema>;

/** §1.2 steps 3–4 and §1.3 steps 2–3. */
export const accessTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  permissions: permissionsSchema.optional(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** `/me?fields=user_id,username` on [IG]: the professional account id (§12.2). */
export const instagramAccountIdentitySchema = z
  .object({ user_id: graphIdSchema, username: z.string().optional() })
  .transform((me) => ({ accountId: me.user_id, username: me.username }));
export type InstagramAccountIdentity = z.output<typeof instagramAccountIdentitySchema>;

/** §1.3 step 4. */
export const permissionEntrySchema = z.object({
  permission: z.string(),
  status: z.enum(["granted", "declined", "expired"]),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

/** §1.3 step 5 — a Page and its linked IG professional account (absent when none is linked). */
export const facebookPageSchema = z.object({
  id: graphIdSchema,
  name: z.string().optional(),
  access_token: z.string().optional(),
  tasks: z.array(z.string()).optional(),
  instagram_business_account: z
    .object({ id: graphIdSchema, username: z.string().optional() })
    .optional(),
});
export type FacebookPage = z.infer<typeof facebookPageSchema>;

export const facebookUserSchema = z.object({
  id: graphIdSchema,
  name: z.string().optional(),
});
export type FacebookUser = z.infer<typeof facebookUserSchema>;
