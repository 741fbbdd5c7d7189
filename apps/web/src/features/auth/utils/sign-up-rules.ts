import { isCommonPassword, isValidSignUpPassword } from "@sightline/contracts";

export interface SignUpValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignUpError =
  | "emailRequired"
  | "emailInvalid"
  | "phoneInvalid"
  | "passwordRule"
  | "passwordCommon"
  | "passwordsDoNotMatch";

/** The password's problem, if any: the spec's rule first, then the common-password list. */
export function passwordProblem(password: string): "passwordRule" | "passwordCommon" | undefined {
  if (!isValidSignUpPassword(password)) return "passwordRule";
  if (isCommonPassword(password)) return "passwordCommon";
  return undefined;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: Create Account stays disabled until these hold and nothing is being submitted. */
export function canCreateAccount(values: SignUpValues, isSubmitting: boolean): boolean {
  return (
    values.email.trim().length > 0 &&
    passwordProblem(values.password) === undefined &&
    values.password === values.confirmPassword &&
    !isSubmitting
  );
}

/** Inline messages while typing: only about fields the user has started to fill. */
export function inlineSignUpErrors(
  values: SignUpValues,
): Partial<Record<keyof SignUpValues, SignUpError>> {
  const password = values.password ? passwordProblem(values.password) : undefined;
  return {
    ...(password ? { password } : {}),
    ...(values.confirmPassword && values.confirmPassword !== values.password
      ? { confirmPassword: "passwordsDoNotMatch" as const }
      : {}),
  };
}

/** The e-mail rule every auth form shares: present, then shaped like an address. */
export function validateEmail(email: string): "emailRequired" | "emailInvalid" | undefined {
  if (!email.trim()) return "emailRequired";
  if (!emailPattern.test(email.trim())) return "emailInvalid";
  return undefined;
}

/**
 * Submit-time validation: every rule, in field order. The phone (optional) is checked apart, by
 * `checkPhone` in utils/phone.ts, whose rules load when first needed.
 */
export function validateSignUp(
  values: SignUpValues,
): Partial<Record<keyof SignUpValues, SignUpError>> {
  const errors: Partial<Record<keyof SignUpValues, SignUpError>> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const password = passwordProblem(values.password);
  if (password) errors.password = password;
  if (values.password !== values.confirmPassword) errors.confirmPassword = "passwordsDoNotMatch";
  return errors;
}

export function validateLogin(values: { email: string; password: string }) {
  const errors: { email?: "emailRequired" | "emailInvalid"; password?: "passwordRequired" } = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = "passwordRequired";
  return errors;
}
