import document from "virtual:sightline/openapi";
import {
  ACCESS_TOKEN_PREFIX,
  accessTokenScopes,
  IDEMPOTENCY_KEY_TTL_HOURS,
  PUBLIC_API_RATE_LIMIT,
  scopeDescriptions,
  WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookEventLabels,
  webhookEventTypes,
} from "@sightline/contracts";
import { FileJson, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import {
  CodeBlock,
  EndpointCard,
  json,
  SimpleTable,
  WithCode,
} from "../../../features/marketing/components/api-reference.tsx";
import { PageHero } from "../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../features/marketing/components/page-meta.tsx";
import { Container } from "../../../features/marketing/components/section.tsx";
import { TableOfContents } from "../../../features/marketing/components/table-of-contents.tsx";
import {
  webhookBodyExample,
  webhookDataExamples,
  webhookVerifyExample,
} from "../../../features/marketing/content/webhook-examples.ts";
import { fill, useCopy, useLanguage } from "../../../features/marketing/copy/define-copy.ts";
import { developersCopy } from "../../../features/marketing/copy/pages/developers.ts";
import { endpointsByTag, errorCodes } from "../../../features/marketing/utils/api-reference.ts";

const OPENAPI_URL = "/api/v1/openapi.json";

function tagId(name: string) {
  return `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

function Guide({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-5 text-slate-600">{children}</div>
    </section>
  );
}

/**
 * /developers: the public API reference, prerendered from /api/v1's OpenAPI document (the
 * server's own generator, at build time) plus the webhook events of decision 034.
 */
export default function DevelopersPage() {
  const copy = useCopy(developersCopy);
  const language = useLanguage();
  const groups = endpointsByTag(document);
  const errors = errorCodes(document);
  const sections = [
    { id: "authentication", text: copy.authTitle },
    { id: "errors", text: copy.errorsTitle },
    { id: "rate-limits", text: copy.rateTitle },
    { id: "idempotency", text: copy.idempotencyTitle },
    { id: "pagination", text: copy.paginationTitle },
    ...groups.map((group) => ({ id: tagId(group.name), text: group.name })),
    { id: "webhooks", text: copy.webhooksTitle },
  ];
  const endpointLabels = {
    needsScope: copy.needsScope,
    anyScope: copy.anyScope,
    noToken: copy.noToken,
    parameters: copy.parameters,
    required: copy.required,
    optional: copy.optional,
    exampleRequest: copy.exampleRequest,
    exampleResponse: copy.exampleResponse,
    errorsOfEndpoint: copy.errorsOfEndpoint,
  };
  const errorExample = {
    error: {
      code: "validation_failed",
      message: "The limit is at most 100.",
      requestId: "8f14e45f-ceea-467f-a0e6-3d2a1b9c7e10",
      issues: [{ path: "limit", message: "The limit is at most 100." }],
    },
  };
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero
        eyebrow={copy.eyebrow}
        title={copy.title}
        lead={copy.lead}
        actions={
          <>
            <Link
              to={paths.settingsDevelopers}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              <KeyRound aria-hidden="true" className="size-4" />
              {copy.settingsLink}
            </Link>
            <a
              href={OPENAPI_URL}
              className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              <FileJson aria-hidden="true" className="size-4" />
              {copy.openApiLink}
            </a>
          </>
        }
      >
        {language === "es" ? (
          <p className="mt-6 text-sm text-slate-600">{copy.englishOnly}</p>
        ) : null}
      </PageHero>
      <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[14rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,56rem)]">
        <aside className="hidden lg:block">
          <div className="sticky top-24">
            <TableOfContents
              title={copy.onThisPage}
              headings={sections.map((section) => ({ ...section, depth: 2 }))}
            />
          </div>
        </aside>
        <div className="min-w-0 space-y-16">
          <Guide id="authentication" title={copy.authTitle}>
            <ol className="list-decimal space-y-2 pl-5">
              {copy.authSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <CodeBlock
              label={copy.authHeader}
              code={`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\n\ncurl -H "Authorization: Bearer $SIGHTLINE_TOKEN" "$SIGHTLINE_URL/api/v1/accounts"`}
            />
            <h3 className="text-lg font-semibold text-slate-900">{copy.scopesTitle}</h3>
            <SimpleTable
              caption={copy.scopesTitle}
              head={[copy.scope, copy.allows]}
              rows={accessTokenScopes.map((scope) => [
                <code
                  key="scope"
                  className="font-mono font-semibold whitespace-nowrap text-slate-900 [overflow-wrap:normal]"
                >
                  {scope}
                </code>,
                scopeDescriptions[scope],
              ])}
            />
          </Guide>

          <Guide id="errors" title={copy.errorsTitle}>
            <p>{copy.errorsLead}</p>
            <CodeBlock label="422" code={json(errorExample)} />
            <SimpleTable
              caption={copy.errorsTitle}
              head={[copy.status, copy.code, copy.example]}
              rows={errors.map((error) => [
                error.status,
                <code key="code" className="font-mono text-slate-900 [overflow-wrap:normal]">
                  {/* A phone breaks a long code after an underscore, never inside a word. */}
                  {error.code.split("_").map((word, index) => (
                    <span key={word}>
                      {index > 0 ? "_" : ""}
                      {index > 0 ? <wbr /> : null}
                      {word}
                    </span>
                  ))}
                </code>,
                <WithCode key="message" text={error.message} />,
              ])}
            />
          </Guide>

          <Guide id="rate-limits" title={copy.rateTitle}>
            <p>{fill(copy.rateLead, { max: PUBLIC_API_RATE_LIMIT.max })}</p>
            <SimpleTable
              caption={copy.rateTitle}
              head={[copy.header, copy.meaning]}
              rows={Object.entries(document.components.headers)
                .filter(([name]) => name !== "Idempotent-Replayed")
                .map(([name, header]) => [
                  <code
                    key="name"
                    className="font-mono whitespace-nowrap text-slate-900 [overflow-wrap:normal]"
                  >
                    {name}
                  </code>,
                  <WithCode key="meaning" text={header.description} />,
                ])}
            />
          </Guide>

          <Guide id="idempotency" title={copy.idempotencyTitle}>
            <p>{fill(copy.idempotencyLead, { hours: IDEMPOTENCY_KEY_TTL_HOURS })}</p>
          </Guide>

          <Guide id="pagination" title={copy.paginationTitle}>
            <p>{copy.paginationLead}</p>
            <CodeBlock
              label="JavaScript"
              code={`let cursor = null;
do {
  const url = new URL(\`\${process.env.SIGHTLINE_URL}/api/v1/accounts/\${accountId}/posts\`);
  url.searchParams.set("limit", "100");
  if (cursor) url.searchParams.set("cursor", cursor);
  const page = await fetch(url, {
    headers: { Authorization: \`Bearer \${process.env.SIGHTLINE_TOKEN}\` },
  }).then((response) => response.json());
  for (const post of page.data) console.log(post.id, post.metrics.reach);
  cursor = page.nextCursor;
} while (cursor);`}
            />
          </Guide>

          {groups.map((group) => (
            <section
              key={group.name}
              id={tagId(group.name)}
              aria-labelledby={`${tagId(group.name)}-title`}
              className="scroll-mt-24"
            >
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {copy.endpointsTitle}
              </p>
              <h2
                id={`${tagId(group.name)}-title`}
                className="mt-1 text-2xl font-bold tracking-tight text-slate-900"
              >
                {group.name}
              </h2>
              <p className="mt-2 text-slate-600">{group.description}</p>
              <div className="mt-6 space-y-6">
                {group.endpoints.map((endpoint) => (
                  <EndpointCard key={endpoint.id} endpoint={endpoint} labels={endpointLabels} />
                ))}
              </div>
            </section>
          ))}

          <Guide id="webhooks" title={copy.webhooksTitle}>
            <p>{copy.webhooksLead}</p>
            <h3 className="text-lg font-semibold text-slate-900">{copy.eventsTitle}</h3>
            <SimpleTable
              caption={copy.eventsTitle}
              head={[copy.event, copy.dataFields]}
              rows={webhookEventTypes.map((type) => [
                <span key="event">
                  <code className="font-mono font-semibold whitespace-nowrap text-slate-900 [overflow-wrap:normal]">
                    {type}
                  </code>
                  <span className="block text-xs text-slate-600">{webhookEventLabels[type]}</span>
                </span>,
                <span key="fields" className="font-mono text-xs">
                  {Object.keys(webhookDataExamples[type]).join(", ")}
                </span>,
              ])}
            />
            <CodeBlock label={copy.exampleBody} code={json(webhookBodyExample)} />
            <h3 className="text-lg font-semibold text-slate-900">{copy.headersTitle}</h3>
            <SimpleTable
              caption={copy.headersTitle}
              head={[copy.header, copy.meaning]}
              rows={(Object.keys(WEBHOOK_HEADERS) as Array<keyof typeof WEBHOOK_HEADERS>).map(
                (key) => [
                  <code
                    key="name"
                    className="font-mono whitespace-nowrap text-slate-900 [overflow-wrap:normal]"
                  >
                    {WEBHOOK_HEADERS[key]}
                  </code>,
                  copy.headerMeanings[key],
                ],
              )}
            />
            <h3 className="text-lg font-semibold text-slate-900">{copy.verifyTitle}</h3>
            <p>{fill(copy.verifyLead, { minutes: WEBHOOK_TOLERANCE_SECONDS / 60 })}</p>
            <CodeBlock label="Node.js" code={webhookVerifyExample} />
          </Guide>
        </div>
      </Container>
    </>
  );
}
