import { z } from "zod";

/** Meta's signed CDN URLs run to several hundred characters; 2048 leaves room and stops abuse. */
export const MEDIA_PROXY_SRC_MAX_LENGTH = 2048;

/** GET /api/functions/instagram-media-proxy?src=<image URL> (spec: function instagram-media-proxy). */
export const instagramMediaProxyQuerySchema = z.object({
  src: z.string().min(1).max(MEDIA_PROXY_SRC_MAX_LENGTH),
});
export type InstagramMediaProxyQuery = z.infer<typeof instagramMediaProxyQuerySchema>;
