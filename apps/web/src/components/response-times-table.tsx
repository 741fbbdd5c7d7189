import {
  type ResponseTimeFigures,
  responseTimeKindLabels,
  responseTimeKinds,
  responseTimeRows,
} from "@sightline/contracts";
import { cn } from "../utils/cn.ts";

const numeric = "whitespace-nowrap px-2 py-2 text-right tabular-nums";

/**
 * Inbox response times as a table (decision 038's addendum): the rows contracts lists, one
 * column per kind. The Inbox's dialog and a client report's web view show the same table.
 */
export function ResponseTimesTable({
  figures,
  className,
  testId,
}: {
  figures: Record<(typeof responseTimeKinds)[number], ResponseTimeFigures>;
  className?: string;
  testId?: string;
}) {
  return (
    <table className={cn("w-full text-sm", className)} data-testid={testId}>
      <thead className="text-left text-xs text-slate-500">
        <tr>
          <th className="px-2 py-2 font-medium">
            <span className="sr-only">Figure</span>
          </th>
          {responseTimeKinds.map((kind) => (
            <th key={kind} className={`${numeric} font-medium`}>
              {responseTimeKindLabels[kind]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {responseTimeRows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="px-2 py-2 text-left font-normal text-slate-700">
              {label}
            </th>
            {responseTimeKinds.map((kind) => (
              <td key={kind} className={`${numeric} text-slate-900`}>
                {value(figures[kind])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
