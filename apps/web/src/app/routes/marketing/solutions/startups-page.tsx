import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { AudienceMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { solutionsStartupsCopy } from "../../../../features/marketing/copy/pages/solutions-startups.ts";
import { useRelatedSolutions } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /solutions/startups */
export default function StartupsSolutionPage() {
  const copy = useCopy(solutionsStartupsCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<AudienceMockup />}
      related={useRelatedSolutions("startups", [
        "aiInsights",
        "postPerformance",
        "audienceInsights",
      ])}
      relatedTitle={common.labels.otherSolutions}
    />
  );
}
