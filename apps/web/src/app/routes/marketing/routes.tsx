import { paths } from "../../../config/paths.ts";
import { blogSlugs } from "../../../features/marketing/content/blog-slugs.ts";
import { type AppRoute, type LazyRoute as Lazy, lazyPage as page } from "../lazy-page.ts";

function legal(slug: "privacy-policy" | "terms-of-service" | "data-deletion" | "investors"): Lazy {
  return async () => {
    const [{ LegalPage }, { loadLegalDocument }] = await Promise.all([
      import("./legal-page.tsx"),
      import("../../../features/marketing/content/legal.ts"),
    ]);
    const document = await loadLegalDocument(slug);
    return { Component: () => <LegalPage slug={slug} document={document} /> };
  };
}

function article(slug: (typeof blogSlugs)[number]): Lazy {
  return async () => {
    const [{ BlogArticlePage }, { loadArticle }] = await Promise.all([
      import("./blog-article-page.tsx"),
      import("../../../features/marketing/content/blog.ts"),
    ]);
    const document = await loadArticle(slug);
    return { Component: () => <BlogArticlePage slug={slug} document={document} /> };
  };
}

const pages: { path: string; lazy: Lazy }[] = [
  { path: paths.home, lazy: page(() => import("./landing-page.tsx")) },
  { path: paths.privacyPolicy, lazy: legal("privacy-policy") },
  { path: paths.termsOfService, lazy: legal("terms-of-service") },
  // Loads at once: with ?code= it shows the status of a deletion request.
  { path: paths.dataDeletion, lazy: legal("data-deletion") },
  { path: paths.investors, lazy: legal("investors") },
  { path: paths.features.overview, lazy: page(() => import("./features/overview-page.tsx")) },
  {
    path: paths.features.messagesInbox,
    lazy: page(() => import("./features/messages-inbox-page.tsx")),
  },
  { path: paths.features.aiInsights, lazy: page(() => import("./features/ai-insights-page.tsx")) },
  {
    path: paths.features.audienceInsights,
    lazy: page(() => import("./features/audience-insights-page.tsx")),
  },
  {
    path: paths.features.postPerformance,
    lazy: page(() => import("./features/post-performance-page.tsx")),
  },
  { path: paths.features.automations, lazy: page(() => import("./features/automations-page.tsx")) },
  { path: paths.solutions.creators, lazy: page(() => import("./solutions/creators-page.tsx")) },
  { path: paths.solutions.agencies, lazy: page(() => import("./solutions/agencies-page.tsx")) },
  {
    path: paths.solutions.smbEcommerce,
    lazy: page(() => import("./solutions/smb-ecommerce-page.tsx")),
  },
  { path: paths.solutions.startups, lazy: page(() => import("./solutions/startups-page.tsx")) },
  { path: paths.resources.blog, lazy: page(() => import("./blog-page.tsx")) },
  {
    path: paths.resources.templates,
    lazy: page(() => import("./resources/templates-page.tsx"), { hydrate: "load" }),
  },
  {
    path: paths.resources.freeTools,
    lazy: page(() => import("./resources/free-tools-page.tsx"), { hydrate: "load" }),
  },
  {
    path: paths.resources.socialMediaInsights,
    lazy: page(() => import("./resources/social-media-insights-page.tsx")),
  },
  { path: paths.resources.community, lazy: page(() => import("./resources/community-page.tsx")) },
  {
    path: paths.resources.support,
    lazy: page(() => import("./resources/support-page.tsx"), { hydrate: "load" }),
  },
  { path: paths.developers, lazy: page(() => import("./developers-page.tsx")) },
  ...blogSlugs.map((slug) => ({ path: paths.blogArticle(slug), lazy: article(slug) })),
];

/** Every public route, prerendered to static HTML at build time and listed in the sitemap. */
export const publicPaths: string[] = pages.map((entry) => entry.path);

/**
 * The public site: one layout (header, footer) around every marketing page. It loads with the
 * page (before hydrating a prerendered one, start-app.tsx), so the app's pages never fetch it.
 */
export const marketingRoutes: AppRoute[] = [
  {
    lazy: async () => ({
      Component: (await import("../../layouts/marketing-layout.tsx")).MarketingLayout,
    }),
    children: pages.map(({ path, lazy }) =>
      path === paths.home ? { index: true, lazy } : { path: path.slice(1), lazy },
    ),
  },
];
