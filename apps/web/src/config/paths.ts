/** The route table: every path the app links to comes from here. */
export const paths = {
  home: "/",
  authCallback: "/auth/callback",
  dashboard: "/dashboard",
  audienceInsights: "/audience-insights",
  postPerformance: "/post-performance",
  competitors: "/competitors",
  contentScheduler: "/content-scheduler",
  messages: "/messages",
  /** Beyond the spec (decision 041): who mentioned or tagged the account. */
  mentions: "/mentions",
  trendRadar: "/trend-radar",
  pressRadar: "/press-radar",
  settings: "/settings",
  /** Posts sent for approval, for members who review (a Client's landing page). */
  reviews: "/reviews",
  /** Client reports: the list and builder; one report's web view. */
  reports: "/reports",
  report: (id: string) => `/reports/${id}`,
  /** Settings, scrolled to the Instagram login control (switch to Facebook Login), focused. */
  settingsInstagramLogin: "/settings#instagram-login",
  /** Settings, scrolled to the connect links (send an account's owner a link), first field focused. */
  settingsConnectLinks: "/settings#connect-links",
  /** Settings, scrolled to the plan table (the Upgrade dialog's "See plans"). */
  settingsPlan: "/settings#plan",
  /** Settings, scrolled to the Developers card (tokens, webhook endpoints). */
  settingsDevelopers: "/settings#developers",
  /** The public API reference, prerendered from the server's OpenAPI document. */
  developers: "/developers",
  /** A connect link's page (`?token=`): an account's owner connects it without joining. */
  connectLink: "/connect",
  /** A review link's page (`?token=`): someone without an account approves one post. */
  review: "/review",
  resetPassword: "/auth/reset-password",
  /** A workspace invitation's link (`?token=`), from the e-mail. */
  acceptInvitation: "/invitations/accept",
  instagramCallback: "/auth/instagram/callback",
  facebookCallback: "/facebook-callback",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  dataDeletion: "/data-deletion",
  investors: "/investors",
  features: {
    overview: "/features/overview",
    messagesInbox: "/features/messages-inbox",
    aiInsights: "/features/ai-insights",
    audienceInsights: "/features/audience-insights",
    postPerformance: "/features/post-performance",
    automations: "/features/automations",
  },
  solutions: {
    creators: "/solutions/creators",
    agencies: "/solutions/agencies",
    smbEcommerce: "/solutions/smb-ecommerce",
    startups: "/solutions/startups",
  },
  resources: {
    blog: "/resources/blog",
    templates: "/resources/templates",
    freeTools: "/resources/free-tools",
    socialMediaInsights: "/resources/social-media-insights",
    community: "/resources/community",
    support: "/resources/support",
  },
  blogArticle: (slug: string) => `/resources/blog/${slug}`,
} as const;
