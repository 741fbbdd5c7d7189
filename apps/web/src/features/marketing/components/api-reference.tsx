import type { ReactNode } from "react";
import { cn } from "../../../utils/cn.ts";
import type { ApiError, ApiParameter, Endpoint } from "../utils/api-reference.ts";
import { curlFor, describeSchema } from "../utils/api-reference.ts";

/*
 * The pieces of /developers (decision 035): code blocks, tables and one card per endpoint, all
 * drawn from the OpenAPI document the server makes. No state: the page is static HTML.
 */

/** Text with `code` spans, as the document's descriptions write them. */
export function WithCode({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const [position, part] of text.split(/`([^`]+)`/).entries()) {
    nodes.push(
      position % 2 === 1 ? (
        <code
          key={`code-${offset}`}
          className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em] text-slate-800"
        >
          {part}
        </code>
      ) : (
        part
      ),
    );
    offset += part.length + 1;
  }
  return <>{nodes}</>;
}

/** A scrollable block of code; focusable so a keyboard can scroll it. */
export function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs the keyboard
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-xl bg-slate-950 p-4 text-[13px] leading-relaxed text-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-brand-500"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

const methodStyles: Record<string, string> = {
  GET: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  POST: "bg-brand-50 text-brand-800 ring-brand-200",
  PUT: "bg-amber-50 text-amber-900 ring-amber-200",
  PATCH: "bg-amber-50 text-amber-900 ring-amber-200",
  DELETE: "bg-red-50 text-red-800 ring-red-200",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-md px-2 py-0.5 font-mono text-xs font-bold ring-1 ring-inset",
        methodStyles[method] ?? "bg-slate-100 text-slate-800 ring-slate-200",
      )}
    >
      {method}
    </span>
  );
}

/** A two- or three-column table that stays readable on a phone (its cells wrap). */
export function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
      <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-2.5 font-semibold whitespace-nowrap">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed table
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                <td key={column} className="px-4 py-2.5 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Parameters({
  parameters,
  labels,
}: {
  parameters: ApiParameter[];
  labels: { title: string; required: string; optional: string };
}) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{labels.title}</h4>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {parameters.map((parameter) => (
          <li key={`${parameter.in}:${parameter.name}`} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono font-semibold text-slate-900">{parameter.name}</code>
              <span className="text-xs text-slate-600">
                {parameter.in} · {describeSchema(parameter.schema)} ·{" "}
                {parameter.required ? labels.required : labels.optional}
              </span>
            </p>
            <p className="mt-1 text-slate-600">
              <WithCode text={parameter.description} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export type EndpointLabels = {
  needsScope: string;
  anyScope: string;
  noToken: string;
  parameters: string;
  required: string;
  optional: string;
  exampleRequest: string;
  exampleResponse: string;
  errorsOfEndpoint: string;
};

/** One endpoint: method, path, scope, words, parameters, a curl request and an answer. */
export function EndpointCard({ endpoint, labels }: { endpoint: Endpoint; labels: EndpointLabels }) {
  return (
    <article
      id={endpoint.id}
      aria-labelledby={`${endpoint.id}-title`}
      data-endpoint={`${endpoint.method} ${endpoint.path}`}
      className="scroll-mt-24 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
    >
      <p className="flex min-w-0 items-start gap-2">
        <MethodBadge method={endpoint.method} />
        <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">
          {endpoint.path}
        </code>
      </p>
      <h3 id={`${endpoint.id}-title`} className="mt-3 text-lg font-semibold text-slate-900">
        {endpoint.summary}
      </h3>
      <p className="mt-2 text-slate-600">
        <WithCode text={endpoint.description} />
      </p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {endpoint.isPublic ? (
          <span className="font-medium">{labels.noToken}</span>
        ) : (
          <>
            <span className="font-medium">
              {labels.needsScope}
              {endpoint.scopes.length > 1 ? ` (${labels.anyScope})` : ""}:
            </span>
            {endpoint.scopes.map((scope) => (
              <code
                key={scope}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 font-mono text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset"
              >
                {scope}
              </code>
            ))}
          </>
        )}
      </p>
      <div className="mt-5 space-y-5">
        {endpoint.parameters.length > 0 ? (
          <Parameters
            parameters={endpoint.parameters}
            labels={{
              title: labels.parameters,
              required: labels.required,
              optional: labels.optional,
            }}
          />
        ) : null}
        <div className="grid gap-5">
          <CodeBlock label={labels.exampleRequest} code={curlFor(endpoint)} />
          <CodeBlock
            label={`${labels.exampleResponse} · ${endpoint.response.status}`}
            code={json(endpoint.response.example)}
          />
        </div>
        {endpoint.errors.length > 0 ? (
          <EndpointErrors errors={endpoint.errors} title={labels.errorsOfEndpoint} />
        ) : null}
      </div>
    </article>
  );
}

function EndpointErrors({ errors, title }: { errors: ApiError[]; title: string }) {
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <ul className="mt-2 flex flex-wrap gap-2">
        {errors.map((error) => (
          <li
            key={error.code}
            className="rounded-lg bg-slate-50 px-2.5 py-1 font-mono text-xs text-slate-700 ring-1 ring-slate-200"
          >
            {error.status} {error.code}
          </li>
        ))}
      </ul>
    </div>
  );
}
