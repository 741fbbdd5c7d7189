import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./logo.tsx";

/**
 * A page of one card under the logo, outside the app's layout: what a link from a message opens
 * (an invitation, a connect link). The logo leads to `home`.
 */
export function LogoCardPage({ home, children }: { home: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <Link to={home} aria-label="Sightline">
        <Logo />
      </Link>
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </section>
    </main>
  );
}
