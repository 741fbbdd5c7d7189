/**
 * Spec §2: the six article routes, newest first on the blog page. On their own so the router
 * lists the routes without loading the articles' front matter (blog.ts).
 */
export const blogSlugs = [
  "ai-transforming-analytics",
  "engagement-quality-matters",
  "building-trend-radar",
  "10-automation-workflows",
  "ultimate-instagram-analytics",
  "top-creators-content-strategy",
] as const;
export type BlogSlug = (typeof blogSlugs)[number];
