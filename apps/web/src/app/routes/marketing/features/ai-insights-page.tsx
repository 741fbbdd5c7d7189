import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { AiTeamMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresAiInsightsCopy } from "../../../../features/marketing/copy/pages/features-ai-insights.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/ai-insights */
export default function AiInsightsFeaturePage() {
  const copy = useCopy(featuresAiInsightsCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<AiTeamMockup />}
      related={useRelatedFeatures("aiInsights")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
