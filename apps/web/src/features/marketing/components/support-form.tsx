import {
  type CreateSupportRequestInput,
  createSupportRequestInputSchema,
  supportTopics,
} from "@sightline/contracts";
import { CircleAlert, CircleCheckBig, LoaderCircle, Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label, Select, Textarea } from "../../../components/ui/input.tsx";
import { createSupportRequest } from "../api/create-support-request.ts";
import { fill, useCopy } from "../copy/define-copy.ts";
import { type SupportCopy, supportCopy } from "../copy/pages/support.ts";

type Field = keyof CreateSupportRequestInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const fieldOrder: Field[] = ["name", "email", "topic", "message"];
const emptyValues: Values = { name: "", email: "", topic: "", message: "" };

/** The contract's rules (shared with the server), with messages in the reader's language. */
export function validateSupportRequest(
  values: Values,
  messages: SupportCopy["form"]["errors"],
): { ok: true; input: CreateSupportRequestInput } | { ok: false; errors: Errors } {
  const parsed = createSupportRequestInputSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (errors[field]) continue;
    const tooBig = issue.code === "too_big";
    errors[field] =
      field === "name"
        ? tooBig
          ? messages.nameTooLong
          : messages.name
        : field === "message"
          ? tooBig
            ? messages.messageTooLong
            : messages.message
          : messages[field];
  }
  return { ok: false, errors };
}

type Status =
  | { kind: "editing" }
  | { kind: "sending" }
  | { kind: "sent"; reference: string; email: string }
  | { kind: "failed"; message: string };

/**
 * The contact form: checked in the browser with clear messages, then POST /api/support/requests.
 * A failure shows the server's message and keeps everything that was typed.
 */
export function SupportForm() {
  const copy = useCopy(supportCopy).form;
  const id = useId();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const alertRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  const fieldId = (field: Field) => `${id}-${field}`;
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === "sending") return;
    // The fields are the truth: text typed before the page's script started is only in the DOM.
    const form = new FormData(event.currentTarget);
    const current = Object.fromEntries(
      fieldOrder.map((field) => [field, String(form.get(field) ?? "")]),
    ) as Values;
    setValues(current);
    const checked = validateSupportRequest(current, copy.errors);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: "editing" });
      const first = fieldOrder.find((field) => checked.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: "sending" });
    const result = await createSupportRequest(checked.input);
    if (result.kind === "created") {
      setStatus({ kind: "sent", reference: result.reference, email: checked.input.email });
      setValues(emptyValues);
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    const message =
      result.kind === "network-error"
        ? copy.networkError
        : (result.message ?? copy.unexpectedError);
    if (result.kind === "rejected" && result.issues) {
      const serverErrors: Errors = {};
      for (const issue of result.issues) {
        const field = issue.path.split(".")[0] as Field;
        if (fieldOrder.includes(field) && !serverErrors[field]) serverErrors[field] = issue.message;
      }
      setErrors(serverErrors);
    }
    setStatus({ kind: "failed", message });
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  if (status.kind === "sent") {
    return (
      <div
        className="rounded-2xl bg-emerald-50 p-6 ring-1 ring-emerald-200"
        data-testid="support-success"
      >
        <CircleCheckBig aria-hidden="true" className="size-8 text-emerald-700" />
        <h3
          ref={successRef}
          tabIndex={-1}
          className="mt-4 text-xl font-semibold text-emerald-950 focus:outline-none"
        >
          {copy.successTitle}
        </h3>
        <p className="mt-2 text-emerald-950">{fill(copy.successText, { email: status.email })}</p>
        {status.reference ? (
          <p className="mt-2 text-emerald-950">
            {copy.reference}: <strong className="font-mono">{status.reference}</strong>
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="mt-6"
          onClick={() => setStatus({ kind: "editing" })}
        >
          {copy.sendAnother}
        </Button>
      </div>
    );
  }

  const describedBy = (field: Field, extra?: string) =>
    [errors[field] ? `${fieldId(field)}-error` : "", extra ?? ""].join(" ").trim() || undefined;
  const hasErrors = fieldOrder.some((field) => errors[field]);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-5"
      aria-describedby={hasErrors ? `${id}-summary` : undefined}
    >
      {status.kind === "failed" ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="flex gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200 focus:outline-none"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{copy.failedTitle}</p>
            <p className="mt-1">{status.message}</p>
          </div>
        </div>
      ) : null}
      {hasErrors && status.kind !== "failed" ? (
        <p id={`${id}-summary`} role="alert" className="text-sm font-medium text-red-700">
          {copy.errorSummary}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={fieldId("name")}>{copy.name}</Label>
          <Input
            id={fieldId("name")}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            className="mt-1.5"
          />
          <FieldMessage id={`${fieldId("name")}-error`}>{errors.name}</FieldMessage>
        </div>
        <div>
          <Label htmlFor={fieldId("email")}>{copy.email}</Label>
          <Input
            id={fieldId("email")}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set("email", event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            className="mt-1.5"
          />
          <FieldMessage id={`${fieldId("email")}-error`}>{errors.email}</FieldMessage>
        </div>
      </div>
      <div>
        <Label htmlFor={fieldId("topic")}>{copy.topic}</Label>
        <Select
          id={fieldId("topic")}
          name="topic"
          value={values.topic}
          onChange={(event) => set("topic", event.target.value)}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={describedBy("topic")}
          className="mt-1.5"
        >
          <option value="">{copy.topicPlaceholder}</option>
          {supportTopics.map((topic) => (
            <option key={topic} value={topic}>
              {copy.topics[topic]}
            </option>
          ))}
        </Select>
        <FieldMessage id={`${fieldId("topic")}-error`}>{errors.topic}</FieldMessage>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={fieldId("message")}>{copy.message}</Label>
          <span className="text-xs text-slate-600" aria-hidden="true">
            {fill(copy.counter, { n: values.message.length })}
          </span>
        </div>
        <Textarea
          id={fieldId("message")}
          name="message"
          rows={6}
          value={values.message}
          onChange={(event) => set("message", event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", `${fieldId("message")}-hint`)}
          className="mt-1.5"
        />
        <p id={`${fieldId("message")}-hint`} className="mt-1.5 text-sm text-slate-600">
          {copy.messageHint}
        </p>
        <FieldMessage id={`${fieldId("message")}-error`}>{errors.message}</FieldMessage>
      </div>
      <Button type="submit" size="lg" disabled={status.kind === "sending"}>
        {status.kind === "sending" ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {status.kind === "sending" ? copy.sending : copy.submit}
      </Button>
    </form>
  );
}
