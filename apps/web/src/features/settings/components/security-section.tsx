import { ShieldCheck, ShieldHalf } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SettingsOverview } from "../api/get-settings.ts";
import { PasswordCard } from "./password-card.tsx";
import { SectionCard } from "./section-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { IdentitiesCard, PasskeysCard, TextedCodesCard } from "./sign-in-methods.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";

export function SecuritySection({ overview }: { overview: SettingsOverview }) {
  const { t } = useTranslation("settings");
  const { security } = overview;
  const strong = security.aal === "aal2";
  const Icon = strong ? ShieldCheck : ShieldHalf;
  return (
    <SectionCard id="security" title={t("security.title")} description={t("security.description")}>
      <p
        className="mb-5 flex items-start gap-2 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
        data-testid="assurance-level"
      >
        <Icon
          className={strong ? "size-5 shrink-0 text-emerald-600" : "size-5 shrink-0 text-slate-500"}
          aria-hidden="true"
        />
        <span>
          <span className="font-medium">{t("security.assurance")}:</span>{" "}
          {strong ? t("security.aal2") : t("security.aal1")}{" "}
          <span className="text-slate-500">({security.aal.toUpperCase()})</span>
        </span>
      </p>
      <div className="space-y-5 [&>*+*]:border-t [&>*+*]:border-slate-100 [&>*+*]:pt-5">
        <PasswordCard hasPassword={security.hasPassword} />
        <TwoFactorCard enabled={security.twoFactorEnabled} />
        <TextedCodesCard profile={overview.profile} security={security} />
        <PasskeysCard passkeys={security.passkeys} />
        <IdentitiesCard security={security} />
        <SessionsCard />
      </div>
    </SectionCard>
  );
}
