import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorBoundary } from "../../../components/feedback/error-boundary.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { i18n, setLanguage } from "../../../lib/i18n.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { setTimeZone } from "../../../lib/time-zone.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useSettings } from "../api/get-settings.ts";
import "../locales.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { DataSection } from "./data-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { SectionCard } from "./section-card.tsx";
import { SecuritySection } from "./security-section.tsx";

const sectionIds = [
  "profile",
  "instagram",
  "team",
  "audit",
  "security",
  "plan",
  "developers",
  "data",
] as const;

function SectionFallback({ reset }: { reset: () => void }) {
  const { t } = useTranslation("settings");
  return <QueryError message={t("loadFailed")} retryLabel={t("retry")} onRetry={reset} />;
}

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      {[240, 420, 120].map((height) => (
        <Skeleton key={height} className="rounded-2xl" style={{ height }} />
      ))}
    </div>
  );
}

/**
 * /settings: Profile, Instagram, Team, Audit log (owner and admins), Security, Plan, Developers
 * (every role but Client), Your data. The Instagram, Team, Audit log, Plan and Developers
 * sections' content belongs to other features; the route module passes it in.
 */
export function SettingsPage({
  instagramSection,
  teamSection,
  auditSection,
  planSection,
  developersSection,
}: {
  instagramSection: ReactNode;
  teamSection: ReactNode;
  auditSection: ReactNode;
  planSection: ReactNode;
  /** Blocks of the Developers card (personal access tokens, ...), each separated by a rule. */
  developersSection: ReactNode;
}) {
  const { t } = useTranslation("settings");
  const settings = useSettings();
  const canReadAudit = useCan("audit");
  // A Client reads nothing through the API, so makes no tokens (decision 033).
  const canUseApi = useCan("read");
  const shownSections = sectionIds.filter(
    (id) => (id !== "audit" || canReadAudit) && (id !== "developers" || canUseApi),
  );
  const { client } = useSession();
  const navigate = useNavigate();
  const zone = settings.data?.profile.timeZone;
  const language = settings.data?.profile.language;

  // The profile is the signed-in user's source of truth for zone and language on every device.
  useEffect(() => {
    if (zone !== undefined) setTimeZone(zone);
  }, [zone]);
  useEffect(() => {
    if ((language === "en" || language === "es") && language !== i18n.language) {
      void setLanguage(language);
    }
  }, [language]);

  async function afterDeletion() {
    await client.signOut("local").catch(() => undefined);
    navigate("/");
  }

  return (
    <div className="mx-auto max-w-4xl">
      <DocumentTitle>{`${t("title")} — Sightline`}</DocumentTitle>
      {/* The app header shows the page title (h1). */}
      <p className="text-slate-600">{t("intro")}</p>
      <nav aria-label={t("title")} className="mt-4">
        <ul className="flex flex-wrap gap-1">
          {shownSections.map((id) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900"
              >
                {t(`nav.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        {settings.isPending ? (
          <PageSkeleton />
        ) : settings.isError ? (
          <SectionFallback reset={() => void settings.refetch()} />
        ) : (
          <div className="space-y-6">
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <ProfileSection profile={settings.data.profile} />
            </ErrorBoundary>
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <SectionCard id="instagram" title={t("instagram.title")}>
                {instagramSection}
              </SectionCard>
            </ErrorBoundary>
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <SectionCard id="team" title={t("team.title")}>
                {teamSection}
              </SectionCard>
            </ErrorBoundary>
            {canReadAudit && (
              <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
                <SectionCard id="audit" title={t("audit.title")}>
                  {auditSection}
                </SectionCard>
              </ErrorBoundary>
            )}
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <SecuritySection overview={settings.data} />
            </ErrorBoundary>
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <SectionCard id="plan" title={t("plan.title")}>
                {planSection}
              </SectionCard>
            </ErrorBoundary>
            {canUseApi && (
              <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
                <SectionCard
                  id="developers"
                  title={t("developers.title")}
                  description={t("developers.description")}
                >
                  <div className="space-y-6 [&>*+*]:border-t [&>*+*]:border-slate-100 [&>*+*]:pt-5">
                    {developersSection}
                  </div>
                </SectionCard>
              </ErrorBoundary>
            )}
            <ErrorBoundary fallback={(_error, reset) => <SectionFallback reset={reset} />}>
              <DataSection
                email={settings.data.profile.email}
                hasPassword={settings.data.security.hasPassword}
                onDeleted={() => void afterDeletion()}
              />
            </ErrorBoundary>
          </div>
        )}
      </div>
    </div>
  );
}
