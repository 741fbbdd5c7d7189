import { BarChart3, CalendarClock, MessageCircle, Sparkles } from "lucide-react";

const highlights = [
  {
    icon: BarChart3,
    title: "Analytics you can act on",
    text: "Reach, views, engagement rate and follower growth from your own Instagram data, compared with the previous period.",
  },
  {
    icon: MessageCircle,
    title: "One inbox for DMs and comments",
    text: "Reply, hide or send a private reply without switching apps, inside Instagram's 24-hour window.",
  },
  {
    icon: CalendarClock,
    title: "Schedule and publish",
    text: "Images, carousels and reels published at the time your audience is online, never twice.",
  },
  {
    icon: Sparkles,
    title: "An AI team grounded in facts",
    text: "Manager, Secretary, Mentor, Creator and Analyst explain your numbers and show the facts behind every answer.",
  },
];

export default function LandingPage() {
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <span className="text-lg font-bold tracking-tight text-slate-900">Sightline</span>
        </div>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Instagram analytics, inbox and scheduling in one place
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Sightline is built for Instagram Business and Creator accounts: read true analytics,
            answer comments and DMs, and publish posts that go out on time.
          </p>
        </section>
        <section
          aria-label="Highlights"
          className="mx-auto grid max-w-6xl gap-6 px-4 pb-24 sm:grid-cols-2 sm:px-6 lg:grid-cols-4"
        >
          {highlights.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-2xl border border-slate-200 p-6">
              <Icon aria-hidden="true" className="size-6 text-brand-600" />
              <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </article>
          ))}
        </section>
      </main>
    </div>
  );
}
