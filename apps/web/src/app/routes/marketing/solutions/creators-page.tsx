import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { CalendarMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { solutionsCreatorsCopy } from "../../../../features/marketing/copy/pages/solutions-creators.ts";
import { useRelatedSolutions } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /solutions/creators */
export default function CreatorsSolutionPage() {
  const copy = useCopy(solutionsCreatorsCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<CalendarMockup />}
      related={useRelatedSolutions("creators", [
        "postPerformance",
        "aiInsights",
        "audienceInsights",
      ])}
      relatedTitle={common.labels.otherSolutions}
    />
  );
}
