import {
  BookOpenText,
  Building2,
  Calculator,
  ChartColumn,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Rocket,
  Sparkles,
  Store,
  TrendingUp,
  UserRound,
  Users,
  UsersRound,
  Workflow,
} from "lucide-react";
import { paths } from "../../../config/paths.ts";
import type { CommonCopy } from "../copy/common.ts";

/** Facts from docs/content-brief.md: never invent others (addresses, phone numbers, figures). */
export const company = {
  legalName: "Sightline Analytics LLC",
  supportEmail: "support@sightline.app",
  privacyEmail: "privacy@sightline.app",
  investorsEmail: "investors@sightline.app",
} as const;

/** Sightline's own profiles (placeholders to confirm before launch). */
export const socialLinks = [
  { id: "instagram", href: "https://www.instagram.com/sightline.app" },
  { id: "x", href: "https://x.com/sightlineapp" },
  { id: "linkedin", href: "https://www.linkedin.com/company/sightline-app" },
  { id: "youtube", href: "https://www.youtube.com/@sightlineapp" },
] as const;

export interface NavLink<K extends string> {
  key: K;
  href: string;
  icon: LucideIcon;
}

export const featureLinks: NavLink<keyof CommonCopy["nav"]["featureItems"]>[] = [
  { key: "overview", href: paths.features.overview, icon: LayoutDashboard },
  { key: "messagesInbox", href: paths.features.messagesInbox, icon: MessagesSquare },
  { key: "aiInsights", href: paths.features.aiInsights, icon: Sparkles },
  { key: "audienceInsights", href: paths.features.audienceInsights, icon: Users },
  { key: "postPerformance", href: paths.features.postPerformance, icon: ChartColumn },
  { key: "automations", href: paths.features.automations, icon: Workflow },
];

export const solutionLinks: NavLink<keyof CommonCopy["nav"]["solutionItems"]>[] = [
  { key: "creators", href: paths.solutions.creators, icon: UserRound },
  { key: "agencies", href: paths.solutions.agencies, icon: Building2 },
  { key: "smbEcommerce", href: paths.solutions.smbEcommerce, icon: Store },
  { key: "startups", href: paths.solutions.startups, icon: Rocket },
];

export const resourceLinks: NavLink<keyof CommonCopy["nav"]["resourceItems"]>[] = [
  { key: "blog", href: paths.resources.blog, icon: BookOpenText },
  { key: "templates", href: paths.resources.templates, icon: FileText },
  { key: "freeTools", href: paths.resources.freeTools, icon: Calculator },
  { key: "socialMediaInsights", href: paths.resources.socialMediaInsights, icon: TrendingUp },
  { key: "community", href: paths.resources.community, icon: UsersRound },
  { key: "support", href: paths.resources.support, icon: LifeBuoy },
];

/** Spec §1: only Instagram works today; the others are shown as coming soon, not clickable. */
export const comingSoonChannels = [
  "facebook",
  "threads",
  "tiktok",
  "youtube",
  "linkedin",
  "pinterest",
  "x",
] as const;
export type Channel = "instagram" | (typeof comingSoonChannels)[number];

export const channelNames: Record<Channel, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  threads: "Threads",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  x: "X",
};
