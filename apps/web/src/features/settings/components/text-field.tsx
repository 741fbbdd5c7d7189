import { type ComponentProps, forwardRef, useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { validationKey } from "../locales.ts";

interface TextFieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and error, for react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, ...props },
  ref,
) {
  const id = useId();
  const { t } = useTranslation("settings");
  const key = error ? validationKey(error) : undefined;
  const message = key ? t(`validation.${key}`) : error;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="mt-1.5"
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`}>{message}</FieldMessage>
    </div>
  );
});
