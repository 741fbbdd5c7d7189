import type { CompetitorsState } from "../api/get-competitors.ts";

/** Hashtags the competitors used in the period that none of the account's posts carry. */
export function HashtagGaps({ state }: { state: CompetitorsState }) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="hashtag-gaps-heading"
    >
      <h2 id="hashtag-gaps-heading" className="text-sm font-semibold text-slate-900">
        Hashtags they use that you don't
      </h2>
      {state.hashtagGaps.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Your posts already carry every hashtag they used in this period.
        </p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="hashtag-gaps">
          {state.hashtagGaps.map((gap) => (
            <li key={gap.tag} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">#{gap.tag}</span>{" "}
                <span className="break-words text-xs text-slate-500">
                  {gap.usernames.map((name) => `@${name}`).join(", ")}
                </span>
              </span>
              <span className="shrink-0 text-xs tabular-nums text-slate-600">
                {gap.posts} {gap.posts === 1 ? "post" : "posts"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
