import { ArrowRight } from "lucide-react";
import { Button, type ButtonProps } from "../../../components/ui/button.tsx";
import { type AuthTab, authCtaMarker, useAuthCta } from "../../../lib/auth-cta.tsx";

/** Spec §2: every call to action sends a signed-in user to /dashboard, else opens the auth dialog. */
export function CtaButton({
  intent = "signup",
  withArrow = false,
  children,
  onClick,
  ...props
}: Omit<ButtonProps, "asChild"> & { intent?: AuthTab; withArrow?: boolean }) {
  const cta = useAuthCta();
  return (
    <Button
      type="button"
      {...authCtaMarker(intent)}
      onClick={(event) => {
        onClick?.(event);
        cta(intent);
      }}
      {...props}
    >
      {children}
      {withArrow ? <ArrowRight aria-hidden="true" /> : null}
    </Button>
  );
}
