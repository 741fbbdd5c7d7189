import { useState } from "react";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { cn } from "../../../utils/cn.ts";
import type { ConnectedAudienceInsights } from "../api/get-audience-insights.ts";
import { formatNumber, formatRatioPercent } from "../utils/format.ts";
import { formatDate } from "./top-posts.tsx";

type Audience = "followers" | "engaged";
type Snapshot = ConnectedAudienceInsights["demographics"]["followers"]["age"];

const AUDIENCES: Array<{ value: Audience; label: string }> = [
  { value: "followers", label: "Followers" },
  { value: "engaged", label: "Engaged audience" },
];

const GENDERS = [
  { key: "F", label: "Women" },
  { key: "M", label: "Men" },
  { key: "U", label: "Not specified" },
] as const;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const genderLabels: Record<string, string> = Object.fromEntries(
  GENDERS.map((gender) => [gender.key, gender.label]),
);

/** Whom the shares are of, as the server names it ("of followers with a known age"). */
function BaseNote({ snapshot }: { snapshot: NonNullable<Snapshot> }) {
  return (
    <p className="mt-2 text-xs text-slate-500" data-testid="demographic-base">
      Shares {snapshot.base.label} ({formatNumber(snapshot.base.value)}).
    </p>
  );
}

/** Bars in Instagram's order (ages) or largest first, each with its share of the named base. */
function ShareBars({
  snapshot,
  label,
  name,
  order,
  limit,
}: {
  snapshot: Snapshot;
  label: string;
  name: (key: string) => string;
  order: "key" | "value";
  limit?: number;
}) {
  if (!snapshot) return <p className="text-sm text-slate-500">Instagram gave no {label}.</p>;
  const sorted = [...snapshot.buckets].sort((a, b) =>
    order === "key"
      ? (a.dimensions[0] ?? "").localeCompare(b.dimensions[0] ?? "")
      : b.value - a.value,
  );
  const shown = limit ? sorted.slice(0, limit) : sorted;
  const max = Math.max(1, ...shown.map((bucket) => bucket.value));
  return (
    <div>
      <ol className="space-y-2">
        {shown.map((bucket) => {
          const key = bucket.dimensions.join(", ");
          return (
            <li key={key} className="text-sm" data-testid={`share-${label}`} data-key={key}>
              <div className="flex justify-between gap-3">
                <span className="min-w-0 truncate text-slate-800">{name(key)}</span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {formatNumber(bucket.value)}{" "}
                  <span className="text-slate-500" data-share={bucket.share}>
                    ({formatRatioPercent(bucket.share)})
                  </span>
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded bg-slate-50" aria-hidden="true">
                <div
                  className="h-1.5 rounded bg-indigo-500"
                  style={{ width: `${(bucket.value / max) * 100}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <BaseNote snapshot={snapshot} />
    </div>
  );
}

export function AudienceDemographics({ data }: { data: ConnectedAudienceInsights }) {
  const [audience, setAudience] = useState<Audience>("followers");
  // Demographics are advanced analytics (issue 30): the server leaves them out for a plan
  // without them, and says which plan has them.
  if (data.demographicsLocked) {
    return (
      <section
        aria-labelledby="demographics-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="demographics-heading" className="font-semibold text-slate-900">
          Who they are
        </h2>
        <LockedFeature detail={data.demographicsLocked} />
      </section>
    );
  }
  const chosen = data.demographics[audience];
  const asOf = chosen.age?.day ?? chosen.country?.day ?? chosen.city?.day ?? null;
  const hasAny = Object.values(chosen).some((snapshot) => snapshot !== null);
  return (
    <section
      aria-labelledby="demographics-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="demographics-heading" className="font-semibold text-slate-900">
            Who they are
          </h2>
          {asOf ? (
            <p className="text-xs text-slate-500">
              Instagram's figures for this month, as of {formatDate(asOf)}
            </p>
          ) : null}
        </div>
        <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
          <legend className="sr-only">Audience</legend>
          {AUDIENCES.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={audience === option.value}
              onClick={() => setAudience(option.value)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                audience === option.value
                  ? "bg-slate-900 text-white"
                  : "text-slate-600 hover:bg-slate-100",
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>
      {data.demographicsNotice ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="demographics-notice">
          {data.demographicsNotice}
        </p>
      ) : !hasAny ? (
        <p className="mt-4 text-sm text-slate-600">
          {audience === "engaged"
            ? "Instagram gives engaged-audience demographics once at least 100 accounts engaged with you this month."
            : "Instagram gave no follower demographics."}
        </p>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-4">
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Age</h3>
            <ShareBars snapshot={chosen.age} label="ages" name={(key) => key} order="key" />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Gender</h3>
            <ShareBars
              snapshot={chosen.gender}
              label="genders"
              name={(key) => genderLabels[key] ?? key}
              order="value"
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Top countries</h3>
            <ShareBars
              snapshot={chosen.country}
              label="countries"
              name={countryName}
              order="value"
              limit={8}
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Top cities</h3>
            <ShareBars
              snapshot={chosen.city}
              label="cities"
              name={(key) => key}
              order="value"
              limit={8}
            />
          </div>
        </div>
      )}
    </section>
  );
}
