import { ClosingCta } from "../../../features/marketing/components/closing-cta.tsx";
import {
  AiTeamSection,
  ChannelsSection,
  FeaturesSection,
  Hero,
  HowItWorksSection,
  LandingFaq,
  PlansSection,
  SecuritySection,
  WorkflowsSection,
} from "../../../features/marketing/components/landing-sections.tsx";
import { PageMeta } from "../../../features/marketing/components/page-meta.tsx";
import { useCopy } from "../../../features/marketing/copy/define-copy.ts";
import { landingCopy } from "../../../features/marketing/copy/landing.ts";

/** Spec §2, the landing page: its sections in the specification's order, plus the plans. */
export default function LandingPage() {
  const copy = useCopy(landingCopy);
  return (
    <>
      <PageMeta bare title={copy.meta.title} description={copy.meta.description} />
      <Hero />
      <FeaturesSection />
      <ChannelsSection />
      <HowItWorksSection />
      <AiTeamSection />
      <WorkflowsSection />
      <PlansSection />
      <SecuritySection />
      <ClosingCta />
      <LandingFaq />
    </>
  );
}
