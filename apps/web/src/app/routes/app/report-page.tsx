import { useParams } from "react-router";
import { ReportView } from "../../../features/reports/components/report-view.tsx";

export default function ReportPage() {
  const { id = "" } = useParams();
  return <ReportView id={id} />;
}
