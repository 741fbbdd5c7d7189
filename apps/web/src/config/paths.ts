/** The route table: every path the app links to comes from here. */
export const paths = {
  home: "/",
  authCallback: "/auth/callback",
  dashboard: "/dashboard",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  dataDeletion: "/data-deletion",
  investors: "/investors",
} as const;
