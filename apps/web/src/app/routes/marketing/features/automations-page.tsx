import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { AutomationMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresAutomationsCopy } from "../../../../features/marketing/copy/pages/features-automations.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/automations */
export default function AutomationsFeaturePage() {
  const copy = useCopy(featuresAutomationsCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<AutomationMockup />}
      related={useRelatedFeatures("automations")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
