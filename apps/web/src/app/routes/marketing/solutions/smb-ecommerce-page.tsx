import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { InboxMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { solutionsSmbEcommerceCopy } from "../../../../features/marketing/copy/pages/solutions-smb-ecommerce.ts";
import { useRelatedSolutions } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /solutions/smb-ecommerce */
export default function SmbEcommerceSolutionPage() {
  const copy = useCopy(solutionsSmbEcommerceCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<InboxMockup />}
      related={useRelatedSolutions("smbEcommerce", ["messagesInbox", "automations", "overview"])}
      relatedTitle={common.labels.otherSolutions}
    />
  );
}
