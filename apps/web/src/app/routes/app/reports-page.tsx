import { ReportsView } from "../../../features/reports/components/reports-view.tsx";

export default function ReportsPage() {
  return <ReportsView />;
}
