import { PressRadarView } from "../../../features/press-radar/components/press-radar-view.tsx";

export default function PressRadarPage() {
  return <PressRadarView />;
}
