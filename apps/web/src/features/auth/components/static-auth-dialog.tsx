import { X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AuthTab } from "../../../lib/auth-cta.tsx";
import { cn } from "../../../utils/cn.ts";
import { authDialogClasses } from "./auth-dialog.tsx";
import { LoginForm } from "./login-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { STATIC_AUTH_DIALOG_ID } from "./static-auth-dialog-controls.ts";

/**
 * What a native <dialog> needs to look like the React dialog's panel: the browser's own margins,
 * sizes and insets for a modal dialog undone (the panel's classes then place it), and the
 * overlay drawn as its backdrop.
 */
const nativeDialogClass =
  "top-auto m-0 h-auto w-auto max-w-none text-inherit backdrop:bg-slate-950/50";

const tabs: AuthTab[] = ["login", "signup"];
const ignore = () => {};

/**
 * The auth dialog as every public page carries it in its HTML, closed (decision 005, fourth
 * addendum): a native modal <dialog> that app/main.tsx opens at a call to action's press without
 * waiting for any React, with the same texts, labels, classes and form fields as the React dialog
 * (the same form components, rendered at build time), so that the React dialog can take its place
 * unseen once its code has loaded. The tabs, the close button, the backdrop and Escape work
 * without React (static-auth-dialog-controls.ts).
 */
export function StaticAuthDialog() {
  const { t } = useTranslation("auth");
  const id = useId();
  return (
    <dialog
      id={STATIC_AUTH_DIALOG_ID}
      aria-labelledby={`${id}title`}
      aria-describedby={`${id}description`}
      className={cn(authDialogClasses.content, nativeDialogClass)}
    >
      <div className={authDialogClasses.header}>
        <h2 id={`${id}title`} className={authDialogClasses.title}>
          {t("title")}
        </h2>
        <p id={`${id}description`} className={authDialogClasses.description}>
          {t("description")}
        </p>
      </div>
      <button
        type="button"
        aria-label={t("close")}
        className={authDialogClasses.close}
        data-auth-close=""
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <div dir="ltr" data-orientation="horizontal">
        <div
          role="tablist"
          aria-orientation="horizontal"
          aria-label={t("title")}
          className={authDialogClasses.tabList}
          data-orientation="horizontal"
        >
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`${id}trigger-${tab}`}
              aria-controls={`${id}content-${tab}`}
              aria-selected={tab === "login"}
              data-state={tab === "login" ? "active" : "inactive"}
              data-orientation="horizontal"
              data-auth-tab={tab}
              tabIndex={tab === "login" ? 0 : -1}
              className={authDialogClasses.tab}
            >
              {t(`tabs.${tab}`)}
            </button>
          ))}
        </div>
        <div className={authDialogClasses.panels}>
          {tabs.map((tab) => (
            <div
              key={tab}
              role="tabpanel"
              id={`${id}content-${tab}`}
              aria-labelledby={`${id}trigger-${tab}`}
              data-state={tab === "login" ? "active" : "inactive"}
              data-orientation="horizontal"
              data-auth-panel={tab}
              hidden={tab !== "login"}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab stop as Radix's tab panel (the React dialog's), so the keyboard meets the same stops in both
              tabIndex={0}
            >
              {tab === "login" ? (
                <LoginForm onSignedIn={ignore} onMfaRequired={ignore} onForgotPassword={ignore} />
              ) : (
                <SignUpForm />
              )}
            </div>
          ))}
        </div>
      </div>
    </dialog>
  );
}
