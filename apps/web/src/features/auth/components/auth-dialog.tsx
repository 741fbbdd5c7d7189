import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../locales.ts";
import type { AuthTab } from "../../../lib/auth-cta.tsx";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { cn } from "../../../utils/cn.ts";
import { getPublicConfig } from "../api/get-public-config.ts";
import type { SignUpValues } from "../utils/sign-up-rules.ts";
import { LoginForm } from "./login-form.tsx";
import { MfaForm } from "./mfa-form.tsx";
import { RecoveryForm } from "./recovery-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

type View = "tabs" | "recovery" | "mfa";

/**
 * The dialog's look, shared with the copy every public page carries in its HTML
 * (static-auth-dialog.tsx), which opens before this code has loaded and hands over to it.
 */
export const authDialogClasses = {
  // No backdrop blur, as the app's dialogs (components/ui/dialog.tsx): a full-window blur is
  // drawn again at every caret blink where compositing runs in software.
  overlay: "fixed inset-0 z-50 bg-slate-950/50",
  overlayAnimation: "data-[state=open]:animate-in data-[state=open]:fade-in",
  content:
    "fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
  header: "mb-5 pr-8",
  title: "text-xl font-bold tracking-tight text-slate-900",
  description: "mt-1 text-sm text-slate-600",
  close:
    "absolute top-4 right-4 flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900",
  tabList: "mb-5 flex gap-1 rounded-lg bg-slate-100 p-1",
  tab: "flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
  panels: "space-y-4",
};
const tabClass = authDialogClasses.tab;

/** What the page's own copy of the dialog held when this one took over from it. */
export interface AdoptedAuthDialog {
  login: Partial<Record<"email" | "password", string>>;
  signup: Partial<SignUpValues>;
}

function GoogleButton() {
  const { t } = useTranslation("auth");
  const { client } = useSession();
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let cancelled = false;
    getPublicConfig()
      .then((config) => {
        if (!cancelled) setEnabled(config.googleSignIn);
      })
      // Without the configuration the button stays hidden: e-mail sign-in still works.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);
  if (!enabled) return null;
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          window.location.href = await client.googleSignInUrl();
        }}
        className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
          />
        </svg>
        {t("continueWithGoogle")}
      </button>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}

/** Spec §2: 'Welcome to Sightline' with Login and Sign Up tabs, Login by default. */
export function AuthDialog({
  open,
  onOpenChange,
  initialTab = "login",
  onSignedIn,
  adopted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: AuthTab;
  onSignedIn: () => void;
  /**
   * Set when this dialog replaces the page's own copy, already open on screen: it starts with
   * what was typed there, appears without its fade (it is already shown) and leaves the focus to
   * the caller, who puts it back where it was.
   */
  adopted?: AdoptedAuthDialog | undefined;
}) {
  const { t } = useTranslation("auth");
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [view, setView] = useState<View>("tabs");
  useEffect(() => {
    if (open) {
      setTab(initialTab);
      setView("tabs");
    }
  }, [open, initialTab]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn(authDialogClasses.overlay, !adopted && authDialogClasses.overlayAnimation)}
        />
        <Dialog.Content
          data-auth-dialog=""
          onOpenAutoFocus={(event) => {
            if (adopted) {
              event.preventDefault();
              return;
            }
            // Start in the first field rather than on the close button.
            const field = (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>(
              "input",
            );
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          className={authDialogClasses.content}
        >
          <div className={authDialogClasses.header}>
            <Dialog.Title className={authDialogClasses.title}>{t("title")}</Dialog.Title>
            <Dialog.Description className={authDialogClasses.description}>
              {t("description")}
            </Dialog.Description>
          </div>
          <Dialog.Close aria-label={t("close")} className={authDialogClasses.close}>
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>

          {view === "recovery" && <RecoveryForm onBack={() => setView("tabs")} />}
          {view === "mfa" && <MfaForm onVerified={onSignedIn} />}
          {view === "tabs" && (
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <Tabs.List className={authDialogClasses.tabList} aria-label={t("title")}>
                <Tabs.Trigger value="login" className={tabClass}>
                  {t("tabs.login")}
                </Tabs.Trigger>
                <Tabs.Trigger value="signup" className={tabClass}>
                  {t("tabs.signup")}
                </Tabs.Trigger>
              </Tabs.List>
              <div className={authDialogClasses.panels}>
                <GoogleButton />
                <Tabs.Content value="login">
                  <LoginForm
                    initialValues={adopted?.login}
                    onSignedIn={onSignedIn}
                    onMfaRequired={() => setView("mfa")}
                    onForgotPassword={() => setView("recovery")}
                  />
                </Tabs.Content>
                <Tabs.Content value="signup">
                  <SignUpForm initialValues={adopted?.signup} />
                </Tabs.Content>
              </div>
            </Tabs.Root>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default AuthDialog;
