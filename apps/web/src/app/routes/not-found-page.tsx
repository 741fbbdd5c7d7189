import { Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DocumentTitle } from "../../components/document-title.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { paths } from "../../config/paths.ts";
import { registerTranslations } from "../../lib/i18n.ts";

registerTranslations("notFound", {
  en: {
    title: "Page not found",
    text: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
    back: "Back to the home page",
  },
  es: {
    title: "Página no encontrada",
    text: "No encontramos la página que buscabas. Puede que se haya movido o que la dirección tenga un error.",
    back: "Volver a la página de inicio",
  },
});

export default function NotFoundPage() {
  const { t } = useTranslation("notFound");
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <DocumentTitle>{`${t("title")} — Sightline`}</DocumentTitle>
      <div className="max-w-md text-center">
        <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Compass aria-hidden="true" className="size-7" />
        </div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <p className="mt-3 text-slate-600">{t("text")}</p>
        <Link to={paths.home} className={buttonVariants({ className: "mt-8" })}>
          {t("back")}
        </Link>
      </div>
    </main>
  );
}
