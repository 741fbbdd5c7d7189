/** The only reader of import.meta.env (house rules): build-time settings with their defaults. */
export const env = {
  /** The Watch Demo video, embedded only when the modal opens (privacy-enhanced YouTube by default). */
  demoVideoUrl:
    import.meta.env.VITE_DEMO_VIDEO_URL || "https://www.youtube-nocookie.com/embed/6Dh-RL__uN4",
  /** The public origin for canonical links and Open Graph tags (SITE_URL at build time). */
  siteUrl: (import.meta.env.VITE_SITE_URL || "https://sightline.app").replace(/\/+$/, ""),
  /** The copyright year, fixed when the site is built. */
  buildYear: Number(import.meta.env.VITE_BUILD_YEAR) || 2026,
} as const;
