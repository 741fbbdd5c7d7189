import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { cn } from "../../../utils/cn.ts";

const TABS = [
  { value: "posts", label: "Posts" },
  { value: "stories", label: "Stories" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** Post Performance's Posts and Stories tabs; the tab is in the address (`?tab=stories`). */
export function PostPerformanceTabs({
  posts,
  stories,
}: {
  posts: () => ReactNode;
  stories: () => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "stories" ? "stories" : "posts";
  const select = (value: Tab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "posts") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label="Content type"
        className="flex gap-1 border-b border-slate-200"
      >
        {TABS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`performance-tab-${value}`}
            aria-selected={tab === value}
            aria-controls={`performance-panel-${value}`}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => select(value)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const next = value === "posts" ? "stories" : "posts";
              select(next);
              document.getElementById(`performance-tab-${next}`)?.focus();
            }}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              tab === value
                ? "border-brand-600 text-slate-900"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`performance-panel-${tab}`}
        aria-labelledby={`performance-tab-${tab}`}
      >
        {tab === "posts" ? posts() : stories()}
      </div>
    </div>
  );
}
