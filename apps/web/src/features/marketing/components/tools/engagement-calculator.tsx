import { Calculator } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../../components/ui/input.tsx";
import { numberFormat } from "../../../../lib/intl-formats.ts";
import { useCopy, useLanguage } from "../../copy/define-copy.ts";
import { freeToolsCopy } from "../../copy/pages/free-tools.ts";
import {
  type EngagementField,
  type EngagementOutcome,
  evaluateEngagement,
  formatRate,
} from "../../utils/engagement-rate.ts";

const fields: EngagementField[] = ["likes", "comments", "saves", "shares", "reach", "followers"];
const empty: Record<EngagementField, string> = {
  likes: "",
  comments: "",
  saves: "",
  shares: "",
  reach: "",
  followers: "",
};

export function EngagementCalculator() {
  const copy = useCopy(freeToolsCopy).engagement;
  const language = useLanguage();
  const locale = language === "es" ? "es" : "en-US";
  const id = useId();
  const [values, setValues] = useState(empty);
  const [outcome, setOutcome] = useState<EngagementOutcome | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(evaluateEngagement(values));
  };
  const update = (field: EngagementField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once submitted, keep the result (or the messages) in step with what is typed.
    if (outcome) setOutcome(evaluateEngagement(next));
  };
  const errors = outcome && !outcome.ok ? outcome.errors : {};
  const number = numberFormat(locale);

  return (
    <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr]">
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const error = errors[field];
          const inputId = `${id}-${field}`;
          const messageId = `${inputId}-message`;
          const hintId = `${inputId}-hint`;
          return (
            <div key={field} className={field === "followers" ? "sm:col-span-2" : undefined}>
              <Label htmlFor={inputId}>{copy.fields[field]}</Label>
              <Input
                id={inputId}
                name={field}
                inputMode="numeric"
                autoComplete="off"
                value={values[field]}
                onChange={(event) => update(field, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={
                  [error ? messageId : "", field === "followers" ? hintId : ""].join(" ").trim() ||
                  undefined
                }
                className="mt-1.5"
              />
              {field === "followers" ? (
                <p id={hintId} className="mt-1.5 text-sm text-slate-600">
                  {copy.followersHint}
                </p>
              ) : null}
              <FieldMessage id={messageId}>{error ? copy.errors[error] : undefined}</FieldMessage>
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <Button type="submit">
            <Calculator aria-hidden="true" />
            {copy.calculate}
          </Button>
        </div>
      </form>
      <div
        aria-live="polite"
        className="rounded-2xl bg-gradient-to-br from-brand-50 to-pink-50 p-6 ring-1 ring-brand-100"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
          {copy.resultTitle}
        </p>
        {outcome?.ok ? (
          <dl className="mt-4 space-y-4">
            <div>
              <dt className="text-sm text-slate-600">{copy.byReach}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-slate-900">
                {formatRate(outcome.result.rateByReach, locale)}
              </dd>
            </div>
            <div className="flex gap-8">
              <div>
                <dt className="text-sm text-slate-600">{copy.interactions}</dt>
                <dd className="text-lg font-semibold text-slate-900">
                  {number.format(outcome.result.interactions)}
                </dd>
              </div>
              {outcome.result.rateByFollowers !== null ? (
                <div>
                  <dt className="text-sm text-slate-600">{copy.byFollowers}</dt>
                  <dd className="text-lg font-semibold text-slate-900">
                    {formatRate(outcome.result.rateByFollowers, locale)}
                  </dd>
                </div>
              ) : null}
            </div>
          </dl>
        ) : (
          <p
            className="mt-4 text-4xl font-extrabold tracking-tight text-slate-300"
            aria-hidden="true"
          >
            –
          </p>
        )}
        <p className="mt-6 rounded-lg bg-white/70 px-3 py-2 font-mono text-xs text-slate-700">
          {copy.formula}
        </p>
      </div>
    </div>
  );
}
