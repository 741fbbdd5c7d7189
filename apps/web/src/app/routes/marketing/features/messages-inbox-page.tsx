import { DetailPage } from "../../../../features/marketing/components/detail-page.tsx";
import { InboxMockup } from "../../../../features/marketing/components/mockups.tsx";
import { commonCopy } from "../../../../features/marketing/copy/common.ts";
import { useCopy } from "../../../../features/marketing/copy/define-copy.ts";
import { featuresMessagesInboxCopy } from "../../../../features/marketing/copy/pages/features-messages-inbox.ts";
import { useRelatedFeatures } from "../../../../features/marketing/hooks/use-related-links.ts";

/** /features/messages-inbox */
export default function MessagesInboxFeaturePage() {
  const copy = useCopy(featuresMessagesInboxCopy);
  const common = useCopy(commonCopy);
  return (
    <DetailPage
      copy={copy}
      visual={<InboxMockup />}
      related={useRelatedFeatures("messagesInbox")}
      relatedTitle={common.labels.moreFeatures}
    />
  );
}
