import { CheckCircle2, Circle } from "lucide-react";
import { DashboardOverview } from "../../../features/analytics/components/dashboard-overview.tsx";
import { useInstagramConnection } from "../../../features/instagram/api/use-instagram-connection.ts";
import { displayName, useSession } from "../../../lib/session/session-provider.tsx";

export default function DashboardPage() {
  const { session } = useSession();
  const instagram = useInstagramConnection();
  const steps = [
    { label: "Verify your e-mail address", done: session?.user.email_verified ?? false },
    { label: "Connect your Instagram Business or Creator account", done: instagram.connected },
    { label: "Schedule your first post", done: false },
    { label: "Set up the press radar", done: false },
  ];
  const completed = steps.filter((step) => step.done).length;
  if (instagram.connected) {
    return (
      <div className="mx-auto max-w-6xl">
        <p className="text-slate-600">Welcome, {displayName(session)}.</p>
        <div className="mt-6">
          <DashboardOverview />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-slate-600">Welcome, {displayName(session)}.</p>
      <section
        aria-labelledby="getting-started"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <div className="flex items-baseline justify-between">
          <h2 id="getting-started" className="text-lg font-semibold text-slate-900">
            Getting started
          </h2>
          <span className="text-sm text-slate-500">
            {completed} of {steps.length} done
          </span>
        </div>
        <ol className="mt-4 space-y-3">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-3 text-sm">
              {step.done ? (
                <CheckCircle2 className="size-5 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle className="size-5 text-slate-300" aria-label="To do" />
              )}
              <span className={step.done ? "text-slate-500 line-through" : "text-slate-800"}>
                {step.label}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
