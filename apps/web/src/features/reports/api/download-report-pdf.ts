import { api } from "../../../lib/api-client.ts";
import { toApiError } from "../../../lib/api-error.ts";
import type { ReportPeriodChoice } from "./get-report-data.ts";

/** GET /api/reports/:id/pdf: the PDF, saved under the name the server gives it. */
export async function downloadReportPdf(id: string, period: ReportPeriodChoice) {
  const response = await api.reports[":id"].pdf.$get({
    param: { id },
    query: period ? { from: period.from, to: period.to } : {},
  });
  if (!response.ok) throw await toApiError(response as unknown as Response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "report.pdf";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the address can be gone before the browser starts saving the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
