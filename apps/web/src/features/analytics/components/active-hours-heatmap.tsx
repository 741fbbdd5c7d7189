import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import type { ConnectedAudienceInsights } from "../api/get-audience-insights.ts";
import { formatNumber } from "../utils/format.ts";

/** Monday first: the order a working week is read in. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

function weekdayName(weekday: number, style: "short" | "long"): string {
  // 2026-03-01 was a Sunday.
  return dateTimeFormat(undefined, { weekday: style, timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 2, 1 + weekday)),
  );
}

function hourLabel(hour: number): string {
  return dateTimeFormat(undefined, { hour: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 2, 1, hour)),
  );
}

export function ActiveHoursHeatmap({
  activeHours,
}: {
  activeHours: ConnectedAudienceInsights["activeHours"];
}) {
  const values = activeHours.grid.flat().filter((value): value is number => value !== null);
  const max = Math.max(1, ...values);
  let best: { weekday: number; hour: number; value: number } | null = null;
  for (const weekday of WEEKDAYS) {
    activeHours.grid[weekday]?.forEach((value, hour) => {
      if (value !== null && (!best || value > best.value)) best = { weekday, hour, value };
    });
  }
  const peak = best as { weekday: number; hour: number; value: number } | null;
  return (
    <section
      aria-labelledby="active-hours-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="active-hours-heading" className="font-semibold text-slate-900">
        When your followers are online
      </h2>
      <p className="text-xs text-slate-500">
        Average followers online per hour, {activeHours.timeZone} time, over the last{" "}
        {activeHours.days} {activeHours.days === 1 ? "day" : "days"} Instagram reported.
      </p>
      {activeHours.notice ? (
        <p className="mt-4 text-sm text-slate-600">{activeHours.notice}</p>
      ) : (
        <>
          {peak ? (
            <p className="mt-3 text-sm text-slate-700">
              Busiest: <strong>{weekdayName(peak.weekday, "long")}</strong> at{" "}
              <strong>{hourLabel(peak.hour)}</strong>, {formatNumber(peak.value)} followers online
              on average.
            </p>
          ) : null}
          <div className="mt-3 overflow-x-auto" aria-hidden="true">
            <div className="grid min-w-[36rem] grid-cols-[2.5rem_repeat(24,minmax(0,1fr))] gap-0.5 text-[10px] text-slate-500">
              <span />
              {Array.from({ length: 24 }, (_, hour) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: hours are the index
                <span key={hour} className="text-center">
                  {hour % 3 === 0 ? hour : ""}
                </span>
              ))}
              {WEEKDAYS.map((weekday) => (
                <div key={weekday} className="contents">
                  <span className="self-center pr-1 text-xs">{weekdayName(weekday, "short")}</span>
                  {activeHours.grid[weekday]?.map((value, hour) => (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: hours are the index
                      key={hour}
                      title={
                        value === null
                          ? `${weekdayName(weekday, "long")} ${hourLabel(hour)}: no data`
                          : `${weekdayName(weekday, "long")} ${hourLabel(hour)}: ${formatNumber(value)} online`
                      }
                      className={value === null ? "h-5 rounded-sm bg-slate-50" : "h-5 rounded-sm"}
                      style={
                        value === null
                          ? undefined
                          : {
                              backgroundColor: `rgb(79 70 229 / ${(0.08 + 0.92 * (value / max)).toFixed(2)})`,
                            }
                      }
                    />
                  ))}
                </div>
              ))}
            </div>
          </div>
          <div className="sr-only">
            <table>
              <caption>
                Average followers online by weekday and hour ({activeHours.timeZone})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Hour</th>
                  {WEEKDAYS.map((weekday) => (
                    <th key={weekday} scope="col">
                      {weekdayName(weekday, "long")}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: 24 }, (_, hour) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: hours are the index
                  <tr key={hour}>
                    <th scope="row">{hourLabel(hour)}</th>
                    {WEEKDAYS.map((weekday) => {
                      const value = activeHours.grid[weekday]?.[hour] ?? null;
                      return (
                        <td key={weekday}>{value === null ? "No data" : formatNumber(value)}</td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
