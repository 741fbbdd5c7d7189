import { CircleAlert, CircleCheckBig, Clock3, LoaderCircle, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { type DataDeletionLookup, getDataDeletionStatus } from "../api/get-data-deletion-status.ts";
import { useCopy, useLanguage } from "../copy/define-copy.ts";
import { documentsCopy } from "../copy/documents.ts";
import { useIsClient } from "../hooks/use-is-client.ts";
import { formatDate } from "../utils/format-date.ts";

function StatusResult({ code, lookup }: { code: string; lookup: DataDeletionLookup | "loading" }) {
  const copy = useCopy(documentsCopy).deletion;
  const language = useLanguage();
  if (lookup === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-600" />
        {copy.checking}
      </p>
    );
  }
  if (lookup.kind !== "found") {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p>{lookup.kind === "not-found" ? copy.notFound : (lookup.message ?? copy.failed)}</p>
          <p className="mt-2 text-sm">
            {copy.code}: <code className="font-mono">{code}</code>
          </p>
        </div>
      </div>
    );
  }
  const { request } = lookup;
  const known = copy.statuses[request.status];
  const done = request.status === "completed";
  const Icon = done ? CircleCheckBig : Clock3;
  return (
    <div
      role="status"
      className={`flex gap-3 rounded-xl p-4 ring-1 ${done ? "bg-emerald-50 text-emerald-950 ring-emerald-200" : "bg-brand-50 text-slate-900 ring-brand-200"}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{known?.title ?? request.status}</p>
        {known ? <p className="mt-1">{known.text}</p> : null}
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{copy.code}</dt>
          <dd className="font-mono">{request.code}</dd>
          {request.requestedAt ? (
            <>
              <dt className="font-medium">{copy.requested}</dt>
              <dd>{formatDate(request.requestedAt, language)}</dd>
            </>
          ) : null}
          {request.completedAt ? (
            <>
              <dt className="font-medium">{copy.completed}</dt>
              <dd>{formatDate(request.completedAt, language)}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

/**
 * The status page Meta links to after a data-deletion callback (/data-deletion?code=…), plus a
 * form to look a code up. The form is a plain GET form, so it works before the app has loaded.
 */
export function DataDeletionStatusPanel() {
  const copy = useCopy(documentsCopy).deletion;
  const [searchParams] = useSearchParams();
  const isClient = useIsClient();
  const code = isClient ? (searchParams.get("code")?.trim() ?? "") : "";
  const [lookup, setLookup] = useState<DataDeletionLookup | "loading">("loading");
  const inputId = useId();

  useEffect(() => {
    if (!code) return;
    let active = true;
    setLookup("loading");
    void getDataDeletionStatus(code).then((result) => {
      if (active) setLookup(result);
    });
    return () => {
      active = false;
    };
  }, [code]);

  return (
    <section
      aria-labelledby="deletion-status-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="deletion-status-title" className="text-lg font-semibold text-slate-900">
        {code ? copy.statusTitle : copy.checkTitle}
      </h2>
      {code ? (
        <div className="mt-4">
          <StatusResult code={code} lookup={lookup} />
        </div>
      ) : (
        <p className="mt-2 text-slate-600">{copy.checkText}</p>
      )}
      <form method="get" className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor={inputId}>{copy.codeLabel}</Label>
          <Input
            key={code}
            id={inputId}
            name="code"
            required
            defaultValue={code}
            autoComplete="off"
            spellCheck={false}
            placeholder={copy.codePlaceholder}
            className="mt-1.5"
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          {copy.check}
        </Button>
      </form>
    </section>
  );
}
