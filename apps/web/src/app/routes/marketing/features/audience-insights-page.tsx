import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { AudienceMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresAudienceInsightsCopy } from "../../../../features/marketing/copy/pages/features-audience-insights.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/audience-insights */
export default function AudienceInsightsFeaturePage() {
  const copy = useCopy(featuresAudienceInsightsCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<AudienceMockup />}
      related={useRelatedFeatures("audienceInsights")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
