import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageLoading } from "../../../components/feedback/page-loading.tsx";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";

const errorMessages: Record<string, string> = {
  INVALID_TOKEN:
    "This link is invalid or was already used. Sign in, or ask for a new confirmation e-mail from the login form.",
  TOKEN_EXPIRED: "This link has expired. Sign in to receive a new confirmation e-mail.",
  access_denied: "Sign-in was cancelled. You can try again whenever you like.",
  account_not_linked:
    "This Google account is not linked to your Sightline account yet. Sign in with your password, then link Google in Settings.",
};

/** Where e-mail verification and Google sign-in return: completes the sign-in or explains why not. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { client } = useSession();
  const errorCode = params.get("error");
  const [failure, setFailure] = useState<string | undefined>(
    errorCode
      ? (errorMessages[errorCode] ??
          params.get("error_description") ??
          `Sign-in failed (${errorCode}).`)
      : undefined,
  );

  useEffect(() => {
    if (errorCode) return;
    let cancelled = false;
    client
      .completeRedirectSignIn()
      .then((session) => {
        if (cancelled) return;
        if (session) navigate(paths.dashboard, { replace: true });
        else
          setFailure(
            "We could not sign you in from this link. It may have expired: sign in again to continue.",
          );
      })
      .catch((error: Error) => {
        if (!cancelled) setFailure(error.message);
      });
    return () => {
      cancelled = true;
    };
  }, [client, errorCode, navigate]);

  if (!failure) return <PageLoading />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <title>Sign-in — Sightline</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <AlertCircle className="size-8 text-amber-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">
          We couldn't finish signing you in
        </h1>
        <p className="mt-2 text-slate-600" role="alert">
          {failure}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`${paths.home}?auth=login`} className={buttonVariants()}>
            Log in
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: "outline" })}>
            Back to Sightline
          </Link>
        </div>
      </div>
    </main>
  );
}
