import { cn } from "../../../utils/cn.ts";

/** Typography for Markdown rendered at build time (articles, legal pages). */
export const proseClassName = cn(
  "max-w-none text-base leading-7 text-slate-700 sm:text-[1.0625rem] sm:leading-8",
  "[&>*+*]:mt-5",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:underline-offset-2 hover:[&_a]:decoration-brand-700",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-slate-400",
  "[&_li>ul]:mt-2 [&_li>ol]:mt-2",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:bg-brand-50/60 [&_blockquote]:py-3 [&_blockquote]:pl-5 [&_blockquote]:pr-4 [&_blockquote]:text-slate-800 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.875em] [&_code]:break-words [&_code]:text-slate-800",
  "[&_hr]:my-10 [&_hr]:border-slate-200",
  "[&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-xl [&_.table-scroll]:border [&_.table-scroll]:border-slate-200",
  "[&_table]:w-full [&_table]:min-w-[32rem] [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm [&_table]:leading-6",
  "[&_th]:bg-slate-50 [&_th]:px-4 [&_th]:py-3 [&_th]:font-semibold [&_th]:text-slate-900 [&_th]:align-bottom",
  "[&_td]:border-t [&_td]:border-slate-200 [&_td]:px-4 [&_td]:py-3 [&_td]:align-top",
);

export function Prose({
  html,
  className,
  lang,
}: {
  html: string;
  className?: string;
  lang?: string;
}) {
  return (
    <div
      lang={lang}
      className={cn(proseClassName, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
