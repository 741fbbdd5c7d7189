import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../lib/toast.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
  useAccountAction,
  verifyTotpEnrolment,
} from "../api/account-auth.ts";
import { QrCode } from "./qr-code.tsx";
import { SubSection } from "./section-card.tsx";
import { TextField } from "./text-field.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "disable" | "codes" }
  | { kind: "scan"; uri: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

function manualKey(uri: string) {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function downloadCodes(codes: string[]) {
  const text = [
    "Sightline backup codes",
    "Each code works once. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "sightline-backup-codes.txt";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-950">{t("security.backupCodes")}</p>
      <p className="mt-1 text-sm text-amber-900">{t("security.backupCodesHint")}</p>
      <ul
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:grid-cols-3"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => downloadCodes(codes)}>
          {t("security.download")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? t("security.copied") : t("security.copy")}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t("security.done")}
        </Button>
      </div>
    </div>
  );
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("settings");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const enable = useAccountAction(enableTwoFactor, { quiet: true });
  const verify = useAccountAction(verifyTotpEnrolment, { quiet: true });
  const disable = useAccountAction(disableTwoFactor, { quiet: true });
  const codes = useAccountAction(regenerateBackupCodes, { quiet: true });
  const fail = (reason: unknown) => setError(reason instanceof Error ? reason.message : undefined);

  async function submitPassword(purpose: "enable" | "disable" | "codes") {
    setError(undefined);
    try {
      if (purpose === "enable") {
        const result = await enable.mutateAsync(password);
        setStep({ kind: "scan", uri: result.totpURI, backupCodes: result.backupCodes });
      } else if (purpose === "disable") {
        await disable.mutateAsync(password);
        toast.success(t("security.twoFactorDisabled"));
        setStep({ kind: "idle" });
      } else {
        const result = await codes.mutateAsync(password);
        setStep({ kind: "codes", backupCodes: result.backupCodes });
      }
      setPassword("");
    } catch (reason) {
      fail(reason);
    }
  }

  async function submitCode(backupCodes: string[]) {
    setError(undefined);
    try {
      await verify.mutateAsync(code.trim());
      setCode("");
      toast.success(t("security.twoFactorEnabled"));
      setStep({ kind: "codes", backupCodes });
    } catch (reason) {
      fail(reason);
    }
  }

  return (
    <div data-testid="two-factor">
      <SubSection
        title={t("security.twoFactor")}
        aside={
          <Badge variant={enabled ? "success" : "neutral"} data-testid="two-factor-status">
            {enabled ? t("security.twoFactorOn") : t("security.twoFactorOff")}
          </Badge>
        }
      >
        <p className="text-sm text-slate-600">{t("security.twoFactorDescription")}</p>
        {step.kind === "idle" && (
          <div className="mt-3 flex flex-wrap gap-2">
            {enabled ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setStep({ kind: "password", purpose: "codes" })}
                >
                  {t("security.newBackupCodes")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setStep({ kind: "password", purpose: "disable" })}
                >
                  {t("security.turnOff")}
                </Button>
              </>
            ) : (
              <Button size="sm" onClick={() => setStep({ kind: "password", purpose: "enable" })}>
                {t("security.setUp")}
              </Button>
            )}
          </div>
        )}
        {step.kind === "password" && (
          <form
            noValidate
            className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void submitPassword(step.purpose);
            }}
          >
            <TextField
              type="password"
              autoComplete="current-password"
              label={t("security.currentPassword")}
              hint={t("security.confirmWithPassword")}
              maxLength={256}
              value={password}
              error={error}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="flex gap-2 sm:mb-6">
              <Button type="submit" disabled={!password}>
                {t("security.continue")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setStep({ kind: "idle" })}>
                {t("cancel")}
              </Button>
            </div>
          </form>
        )}
        {step.kind === "scan" && (
          <div className="mt-4 flex flex-col gap-5 sm:flex-row">
            <QrCode value={step.uri} label={t("security.scanQr")} />
            <form
              noValidate
              className="flex-1 space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                void submitCode(step.backupCodes);
              }}
            >
              <p className="text-sm text-slate-700">{t("security.scanQr")}</p>
              <p className="text-sm">
                <span className="text-slate-500">{t("security.manualKey")}: </span>
                <code className="break-all font-mono text-slate-900" data-testid="totp-key">
                  {manualKey(step.uri)}
                </code>
              </p>
              <TextField
                inputMode="numeric"
                autoComplete="one-time-code"
                label={t("security.enterCode")}
                maxLength={6}
                value={code}
                error={error}
                onChange={(event) => setCode(event.target.value)}
                className="max-w-60"
              />
              <div className="flex gap-2">
                <Button type="submit" disabled={code.trim().length !== 6}>
                  {t("security.verifyAndTurnOn")}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setStep({ kind: "idle" })}>
                  {t("cancel")}
                </Button>
              </div>
            </form>
          </div>
        )}
        {step.kind === "codes" && (
          <div className="mt-4">
            <BackupCodes codes={step.backupCodes} onDone={() => setStep({ kind: "idle" })} />
          </div>
        )}
      </SubSection>
    </div>
  );
}
