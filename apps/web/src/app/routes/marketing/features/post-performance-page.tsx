import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { PostsMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresPostPerformanceCopy } from "../../../../features/marketing/copy/pages/features-post-performance.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/post-performance */
export default function PostPerformanceFeaturePage() {
  const copy = useCopy(featuresPostPerformanceCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<PostsMockup />}
      related={useRelatedFeatures("postPerformance")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
