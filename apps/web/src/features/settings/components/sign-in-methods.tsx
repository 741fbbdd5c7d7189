import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { toast } from "../../../lib/toast.ts";
import {
  addPasskey,
  deletePasskey,
  linkGoogle,
  renamePasskey,
  unlinkIdentity,
  useAccountAction,
} from "../api/account-auth.ts";
import type { SettingsOverview } from "../api/get-settings.ts";
import { SubSection } from "./section-card.tsx";
import { TextField } from "./text-field.tsx";

type Security = SettingsOverview["security"];

export function TextedCodesCard({
  profile,
  security,
}: {
  profile: SettingsOverview["profile"];
  security: Security;
}) {
  const { t } = useTranslation("settings");
  const ready = profile.phoneVerified && profile.phone;
  return (
    <SubSection title={t("security.sms")}>
      <p className="text-sm text-slate-600">
        {!ready
          ? t("security.smsOff")
          : security.twoFactorEnabled
            ? t("security.smsOn", { phone: profile.phone })
            : t("security.smsNeedsTwoFactor", { phone: profile.phone })}
      </p>
    </SubSection>
  );
}

export function PasskeysCard({ passkeys }: { passkeys: Security["passkeys"] }) {
  const { t } = useTranslation("settings");
  const format = useFormatDateTime();
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const add = useAccountAction(addPasskey, { quiet: true });
  const rename = useAccountAction(({ id, name }: { id: string; name: string }) =>
    renamePasskey(id, name),
  );
  const remove = useAccountAction(deletePasskey);
  return (
    <SubSection title={t("security.passkeys")}>
      <p className="text-sm text-slate-600">{t("security.passkeysDescription")}</p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("security.passkeysNone")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {renaming?.id === key.id ? (
                <form
                  className="flex flex-1 flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    rename.mutate(
                      { id: key.id, name: renaming.name.trim().slice(0, 64) },
                      { onSuccess: () => setRenaming(null) },
                    );
                  }}
                >
                  <TextField
                    label={t("security.passkeyName")}
                    maxLength={64}
                    value={renaming.name}
                    onChange={(event) => setRenaming({ id: key.id, name: event.target.value })}
                  />
                  <Button type="submit" size="sm" disabled={!renaming.name.trim()}>
                    {t("save")}
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                    {t("cancel")}
                  </Button>
                </form>
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {key.name || t("security.passkeys")}
                    </p>
                    {key.createdAt && (
                      <p className="text-xs text-slate-500">{format(key.createdAt)}</p>
                    )}
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRenaming({ id: key.id, name: key.name ?? "" })}
                  >
                    {t("security.rename")}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => remove.mutate(key.id)}>
                    {t("security.remove")}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name.trim().slice(0, 64) || "Passkey", {
            onSuccess: () => {
              setName("");
              toast.success(t("security.passkeyAdded"));
            },
            onError: (error) =>
              toast.error(
                error instanceof DOMException ? t("security.passkeyCancelled") : error.message,
              ),
          });
        }}
      >
        <TextField
          label={t("security.passkeyName")}
          placeholder="MacBook"
          maxLength={64}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {t("security.addPasskey")}
        </Button>
      </form>
    </SubSection>
  );
}

export function IdentitiesCard({ security }: { security: Security }) {
  const { t } = useTranslation("settings");
  const link = useAccountAction(linkGoogle);
  const unlink = useAccountAction(unlinkIdentity);
  const hasGoogle = security.identities.some((identity) => identity.providerId === "google");
  // Never leave the account without a way in: the last identity cannot be unlinked.
  const canUnlink = security.identities.length > 1;
  return (
    <SubSection title={t("security.identities")}>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {security.identities.map((identity) => (
          <li key={identity.id} className="flex items-center gap-3 px-4 py-3">
            <p className="flex-1 text-sm font-medium text-slate-900">
              {identity.providerId === "credential" || identity.providerId === "google"
                ? t(`security.providers.${identity.providerId}`)
                : identity.providerId}
            </p>
            {identity.providerId !== "credential" && (
              <Button
                size="sm"
                variant="outline"
                disabled={!canUnlink}
                title={canUnlink ? undefined : t("security.lastIdentity")}
                onClick={() => unlink.mutate(identity.id)}
              >
                {t("security.unlink")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {security.googleAvailable && !hasGoogle && (
        <Button
          className="mt-3"
          variant="outline"
          size="sm"
          disabled={link.isPending}
          onClick={() =>
            link.mutate(undefined, {
              onSuccess: ({ url }) => {
                window.location.assign(url);
              },
            })
          }
        >
          {t("security.linkGoogle")}
        </Button>
      )}
    </SubSection>
  );
}
