import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { DashboardMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresOverviewCopy } from "../../../../features/marketing/copy/pages/features-overview.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/overview */
export default function FeaturesOverviewPage() {
  const copy = useCopy(featuresOverviewCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<DashboardMockup />}
      related={useRelatedFeatures("overview")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
