import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { DashboardMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { solutionsAgenciesCopy } from "../../../../features/marketing/copy/pages/solutions-agencies.ts";
import { useRelatedSolutions } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /solutions/agencies */
export default function AgenciesSolutionPage() {
  const copy = useCopy(solutionsAgenciesCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<DashboardMockup />}
      related={useRelatedSolutions("agencies", ["overview", "postPerformance", "automations"])}
      relatedTitle={common.labels.otherSolutions}
    />
  );
}
