import { useState } from "react";
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
  { key: "F", label: "Women", className: "bg-indigo-500" },
  { key: "M", label: "Men", className: "bg-sky-400" },
  { key: "U", label: "Not specified", className: "bg-slate-300" },
] as const;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function total(snapshot: Snapshot): number {
  return snapshot?.buckets.reduce((sum, bucket) => sum + bucket.value, 0) ?? 0;
}

/** Age × gender as stacked bars (a table for screen readers), from the "age,gender" breakdown. */
function AgeGender({ ageGender, age }: { ageGender: Snapshot; age: Snapshot }) {
  const source = ageGender ?? age;
  if (!source) return <p className="text-sm text-slate-500">Instagram gave no age breakdown.</p>;
  const ages = [...new Set(source.buckets.map((bucket) => bucket.dimensions[0] ?? ""))].sort();
  const value = (ageKey: string, gender?: string) =>
    source.buckets
      .filter(
        (bucket) =>
          bucket.dimensions[0] === ageKey &&
          (gender === undefined || bucket.dimensions[1] === gender),
      )
      .reduce((sum, bucket) => sum + bucket.value, 0);
  const all = total(source);
  const max = Math.max(1, ...ages.map((ageKey) => value(ageKey)));
  return (
    <div>
      {ageGender ? (
        <ul className="mb-3 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
          {GENDERS.map((gender) => (
            <li key={gender.key} className="flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", gender.className)} />
              {gender.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="space-y-2" aria-hidden="true">
        {ages.map((ageKey) => (
          <div key={ageKey} className="flex items-center gap-3 text-sm">
            <span className="w-12 shrink-0 text-slate-600">{ageKey}</span>
            <div className="flex h-4 min-w-0 flex-1 overflow-hidden rounded bg-slate-50">
              {ageGender ? (
                GENDERS.map((gender) => (
                  <div
                    key={gender.key}
                    className={gender.className}
                    style={{ width: `${(value(ageKey, gender.key) / max) * 100}%` }}
                  />
                ))
              ) : (
                <div
                  className="bg-indigo-500"
                  style={{ width: `${(value(ageKey) / max) * 100}%` }}
                />
              )}
            </div>
            <span className="w-14 shrink-0 text-right tabular-nums text-slate-700">
              {formatRatioPercent(value(ageKey) / all)}
            </span>
          </div>
        ))}
      </div>
      <div className="sr-only">
        <table>
          <caption>Audience by age{ageGender ? " and gender" : ""}</caption>
          <thead>
            <tr>
              <th scope="col">Age</th>
              {ageGender
                ? GENDERS.map((gender) => (
                    <th key={gender.key} scope="col">
                      {gender.label}
                    </th>
                  ))
                : null}
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {ages.map((ageKey) => (
              <tr key={ageKey}>
                <th scope="row">{ageKey}</th>
                {ageGender
                  ? GENDERS.map((gender) => (
                      <td key={gender.key}>{formatNumber(value(ageKey, gender.key))}</td>
                    ))
                  : null}
                <td>{formatNumber(value(ageKey))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A ranked list (top countries or cities) with each one's share; a list reads fine aloud. */
function TopPlaces({
  snapshot,
  label,
  name,
}: {
  snapshot: Snapshot;
  label: string;
  name: (key: string) => string;
}) {
  if (!snapshot) return <p className="text-sm text-slate-500">Instagram gave no {label}.</p>;
  const all = total(snapshot);
  const top = [...snapshot.buckets].sort((a, b) => b.value - a.value).slice(0, 8);
  const max = Math.max(1, ...top.map((bucket) => bucket.value));
  return (
    <ol className="space-y-2">
      {top.map((bucket) => {
        const key = bucket.dimensions.join(", ");
        return (
          <li key={key} className="text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 truncate text-slate-800">{name(key)}</span>
              <span className="shrink-0 tabular-nums text-slate-600">
                {formatNumber(bucket.value)}{" "}
                <span className="text-slate-500">({formatRatioPercent(bucket.value / all)})</span>
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
  );
}

export function AudienceDemographics({ data }: { data: ConnectedAudienceInsights }) {
  const [audience, setAudience] = useState<Audience>("followers");
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
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Age and gender</h3>
            <AgeGender ageGender={chosen["age,gender"]} age={chosen.age} />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Top countries</h3>
            <TopPlaces snapshot={chosen.country} label="countries" name={countryName} />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700">Top cities</h3>
            <TopPlaces snapshot={chosen.city} label="cities" name={(key) => key} />
          </div>
        </div>
      )}
    </section>
  );
}
