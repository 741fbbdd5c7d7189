import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ConnectLinkView,
  type CreateConnectLinkInput,
  createConnectLinkSchema,
} from "@sightline/contracts";
import { Copy, Link2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { paths } from "../../../config/paths.ts";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { toast } from "../../../lib/toast.ts";
import {
  useConnectLinks,
  useCreateConnectLink,
  useWithdrawConnectLink,
} from "../api/connect-links.ts";
import "../locales.ts";

const connectLinksAnchor = paths.settingsConnectLinks.split("#")[1];

function NewLink({ url }: { url: string }) {
  const { t } = useTranslation("instagram");
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("connectLinks.copied"));
    } catch {
      toast.error(t("connectLinks.copyFailed"));
    }
  };
  return (
    <div
      role="status"
      className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="new-connect-link"
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {t("connectLinks.newLink")}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <Button type="button" variant="outline" onClick={copy} className="shrink-0">
          <Copy aria-hidden="true" />
          {t("connectLinks.copy")}
        </Button>
      </div>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (url: string) => void }) {
  const { t } = useTranslation("instagram");
  const id = useId();
  const create = useCreateConnectLink();
  const form = useForm<CreateConnectLinkInput>({
    resolver: zodResolver(createConnectLinkSchema),
    defaultValues: { label: "", email: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      onCreated(created.url);
      toast.success(
        created.link.email
          ? t("connectLinks.emailed", { email: created.link.email })
          : t("connectLinks.created"),
      );
      form.reset({ label: "", email: "" });
    } catch (caught) {
      const message = errorMessage(caught);
      form.setError(/email/i.test(message) ? "email" : "label", { message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-label`}>{t("connectLinks.label")}</Label>
        <Input
          id={`${id}-label`}
          maxLength={80}
          autoComplete="off"
          className="mt-1.5"
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={`${id}-label-hint${errors.label ? ` ${id}-label-error` : ""}`}
          {...form.register("label")}
        />
        <p id={`${id}-label-hint`} className="mt-1.5 text-xs text-slate-500">
          {t("connectLinks.labelHint")}
        </p>
        <FieldMessage id={`${id}-label-error`}>{errors.label?.message}</FieldMessage>
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>{t("connectLinks.email")}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          maxLength={254}
          autoComplete="off"
          className="mt-1.5"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={`${id}-email-hint${errors.email ? ` ${id}-email-error` : ""}`}
          {...form.register("email")}
        />
        <p id={`${id}-email-hint`} className="mt-1.5 text-xs text-slate-500">
          {t("connectLinks.emailHint")}
        </p>
        <FieldMessage id={`${id}-email-error`}>{errors.email?.message}</FieldMessage>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          <Link2 aria-hidden="true" />
          {form.formState.isSubmitting ? t("connectLinks.creating") : t("connectLinks.create")}
        </Button>
      </div>
    </form>
  );
}

function LinkRow({ link }: { link: ConnectLinkView }) {
  const { t } = useTranslation("instagram");
  const format = useFormatDateTime();
  const withdraw = useWithdrawConnectLink();
  const title = link.label
    ? t("connectLinks.forWhom", { label: link.label })
    : t("connectLinks.unnamed");
  const when = (value: string) => format(value, { dateStyle: "medium", timeStyle: "short" });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="connect-link">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate text-sm font-medium text-slate-900">
          {title}
          {link.email && (
            <span className="font-normal text-slate-600">
              {" "}
              · {t("connectLinks.sentTo", { email: link.email })}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-500">
          {link.used_at
            ? t("connectLinks.usedOn", { when: when(link.used_at) })
            : t("connectLinks.expires", { when: when(link.expires_at) })}
        </p>
      </div>
      {link.used_at ? (
        <Badge variant="success">
          {t("connectLinks.used", { username: link.used_username ?? "" })}
        </Badge>
      ) : (
        <>
          <Badge variant="neutral">{t("connectLinks.pending")}</Badge>
          <Button
            variant="outline"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(link.id, {
                onSuccess: () => toast.success(t("connectLinks.withdrawn")),
              })
            }
          >
            {t("connectLinks.withdraw")}
          </Button>
        </>
      )}
    </li>
  );
}

/**
 * Settings › Instagram, for members who manage connections: send an account's owner a link to
 * connect it through their own Meta login (issue 29 point 3), and the links waiting or used.
 */
export function ConnectLinksPanel() {
  const { t } = useTranslation("instagram");
  const links = useConnectLinks(true);
  const [url, setUrl] = useState<string | null>(null);
  // #connect-links (the account switcher's "Send a connect link"): into view, first field focused.
  const { hash } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash !== `#${connectLinksAnchor}`) return;
    root.current?.scrollIntoView({ block: "start" });
    root.current?.querySelector("input")?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <div
      ref={root}
      id={connectLinksAnchor}
      className="mt-8 scroll-mt-24 border-t border-slate-100 pt-6"
      data-testid="connect-links"
    >
      <h3 className="text-sm font-semibold text-slate-900">{t("connectLinks.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("connectLinks.intro")}</p>
      <CreateForm onCreated={setUrl} />
      {url && <NewLink url={url} />}
      {links.isError ? (
        <p className="mt-4 text-sm text-red-700">{t("connectLinks.loadFailed")}</p>
      ) : links.data && links.data.links.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {links.data.links.map((link) => (
            <LinkRow key={link.id} link={link} />
          ))}
        </ul>
      ) : links.data ? (
        <p className="mt-4 text-sm text-slate-500">{t("connectLinks.none")}</p>
      ) : null}
    </div>
  );
}
