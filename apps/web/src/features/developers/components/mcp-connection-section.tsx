import { Check, Copy } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { toast } from "../../../lib/toast.ts";
import "../locales.ts";

/** Stands for the token in every snippet: the user pastes theirs in its place. */
export const TOKEN_PLACEHOLDER = "YOUR_TOKEN";

const assistants = ["claudeCode", "claudeDesktop", "cursor", "vscode"] as const;
type Assistant = (typeof assistants)[number];

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Each assistant's own way of adding a remote MCP server that takes a bearer token. */
function snippetFor(assistant: Assistant, url: string): string {
  const bearer = `Bearer ${TOKEN_PLACEHOLDER}`;
  switch (assistant) {
    case "claudeCode":
      return `claude mcp add --transport http sightline ${url} \\\n  --header "Authorization: ${bearer}"`;
    case "claudeDesktop":
      // Claude Desktop's configuration file starts local servers only: mcp-remote bridges to
      // the HTTP server and sends the header (kept in env, where a space is safe on Windows).
      return json({
        mcpServers: {
          sightline: {
            command: "npx",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands it from env
            args: ["-y", "mcp-remote", url, "--header", "Authorization:${AUTH_HEADER}"],
            env: { AUTH_HEADER: bearer },
          },
        },
      });
    case "cursor":
      return json({ mcpServers: { sightline: { url, headers: { Authorization: bearer } } } });
    case "vscode":
      // VS Code asks for the token when it starts the server and keeps it in its secret store.
      return json({
        inputs: [
          {
            type: "promptString",
            id: "sightline-token",
            description: "Sightline personal access token",
            password: true,
          },
        ],
        servers: {
          sightline: {
            type: "http",
            url,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's input variable
            headers: { Authorization: "Bearer ${input:sightline-token}" },
          },
        },
      });
  }
}

/** A Copy button that says "Copied" for a moment after it worked. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("developers");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={copied ? t("mcp.copied") : label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => toast.error(t("mcp.copyFailed")),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? t("mcp.copied") : t("mcp.copy")}</span>
    </Button>
  );
}

/**
 * Settings → Developers → Connect an AI assistant (issue 35 point 6): the MCP server's address
 * and a configuration for common assistants, with a placeholder for a token made above.
 */
export function McpConnectionSection() {
  const { t } = useTranslation("developers");
  const id = useId();
  const [assistant, setAssistant] = useState<Assistant>("claudeCode");
  const url = `${window.location.origin}/mcp`;
  const snippet = snippetFor(assistant, url);
  return (
    <div className="space-y-4" data-testid="mcp-connection">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("mcp.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("mcp.intro")}</p>
      </div>
      <div>
        <Label htmlFor={`${id}-url`}>{t("mcp.serverUrl")}</Label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            readOnly
            value={url}
            className="min-w-0 flex-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={url} label={t("mcp.copyUrl")} />
        </div>
      </div>
      <div className="space-y-3">
        <Segmented
          legend={t("mcp.assistant")}
          className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto"
        >
          {assistants.map((option) => (
            <SegmentedOption
              key={option}
              pressed={assistant === option}
              onClick={() => setAssistant(option)}
            >
              {t(`mcp.assistants.${option}`)}
            </SegmentedOption>
          ))}
        </Segmented>
        <div className="overflow-hidden rounded-xl border border-slate-200">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2">
            <p className="text-sm text-slate-600" id={`${id}-where`}>
              {t(`mcp.where.${assistant}`)}
            </p>
            <CopyButton text={snippet} label={t("mcp.copySnippet")} />
          </div>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs the keyboard
            tabIndex={0}
            className="overflow-x-auto bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-brand-500"
            aria-describedby={`${id}-where`}
            data-testid="mcp-snippet"
          >
            <code>{snippet}</code>
          </pre>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        {t("mcp.scopes", { placeholder: TOKEN_PLACEHOLDER })}
      </p>
    </div>
  );
}
