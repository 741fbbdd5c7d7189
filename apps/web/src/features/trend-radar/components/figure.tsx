/**
 * One figure with its unit: at phone width a row (label and unit left, number right), from
 * `sm` up a tile of a three-column grid.
 */
export function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="grid min-w-0 grid-cols-[1fr_auto] items-center gap-x-3 rounded-xl bg-slate-50 px-3 py-2 sm:block sm:p-3">
      <dt className="text-xs leading-4 text-slate-600">{label}</dt>
      <dd className="col-start-2 row-span-2 row-start-1 text-lg font-semibold text-slate-900 sm:mt-1">
        {value}
      </dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}
