import { Camera, CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { DashboardOverview } from "../../../features/analytics/components/dashboard-overview.tsx";
import { InboxSummary } from "../../../features/inbox/components/inbox-summary.tsx";
import { useInstagramConnection } from "../../../features/instagram/api/use-instagram-connection.ts";
import { connectInstagramPath } from "../../../features/instagram/components/instagram-guard.tsx";
import { UpcomingPosts } from "../../../features/scheduler/components/upcoming-posts.tsx";
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
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <UpcomingPosts />
          <InboxSummary />
        </div>
        <AiTeamSection />
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
      <section
        aria-labelledby="connect-instagram"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-center"
      >
        <Camera className="mx-auto size-8 text-brand-600" aria-hidden="true" />
        <h2 id="connect-instagram" className="mt-3 text-lg font-semibold text-slate-900">
          Connect Instagram to Get Started
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          Connect your Instagram Business account to view post performance analytics, audience
          insights, and manage your messages.
        </p>
        <Link to={connectInstagramPath} className={buttonVariants({ className: "mt-4" })}>
          Go to Settings
        </Link>
      </section>
    </div>
  );
}

const aiRoles = [
  { name: "Manager", job: "this week's plan: how many posts, at which slots, and pending replies" },
  { name: "Secretary", job: "inbox triage with a suggested reply for each unanswered message" },
  { name: "Mentor", job: "growth coaching from your own numbers" },
  { name: "Creator", job: "content ideas with caption and hashtags, ready for the composer" },
  { name: "Analyst", job: "what moved, by how much, and the posts behind it" },
];

/** The AI team panel's place on the dashboard (the team itself is its own issue). */
function AiTeamSection() {
  return (
    <section
      aria-labelledby="ai-team"
      data-testid="ai-team-panel"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="ai-team" className="font-semibold text-slate-900">
        Your AI team
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Five roles will work from the numbers above; they are not switched on yet.
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {aiRoles.map((role) => (
          <li key={role.name} className="rounded-lg bg-slate-50 p-3 text-sm">
            <p className="font-medium text-slate-900">{role.name}</p>
            <p className="mt-0.5 text-xs text-slate-600">{role.job}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
