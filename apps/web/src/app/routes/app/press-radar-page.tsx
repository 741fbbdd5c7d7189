import { Newspaper } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";

export default function PressRadarPage() {
  return (
    <EmptyState icon={Newspaper} title="The press radar is on its way">
      <p>
        Add news feeds and the keywords that matter to you (your brand, handle, product names), and
        every mention will be collected here with its source, date and tone. New mentions put a dot
        on Press Radar in the menu.
      </p>
      <p>You have no sources or keywords yet.</p>
    </EmptyState>
  );
}
