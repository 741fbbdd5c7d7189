import { MessageCircleQuestion } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { type AskAnswer, type AskTurn, useAskSightline } from "../api/ask-sightline.ts";

const toolNames: Record<string, string> = {
  periodKpis: "Period KPIs",
  topPosts: "Top posts",
  audience: "Audience",
  inboxCounts: "Inbox counts",
};

type Exchange = { id: number; question: string; answer: AskAnswer };

function Answer({ exchange }: { exchange: Exchange }) {
  const { answer } = exchange;
  return (
    <li className="space-y-2">
      <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm text-white">
        {exchange.question}
      </p>
      <div className="max-w-[95%] space-y-2 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800">
        <p className="whitespace-pre-wrap">{answer.answer}</p>
        {answer.unsupported.length > 0 ? (
          <p className="rounded bg-amber-50 p-1.5 text-xs text-amber-900">
            Not from your data: {answer.unsupported.join(", ")}. Check these before you rely on
            them.
          </p>
        ) : null}
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">
            {answer.calls.length === 0
              ? "No figures looked up"
              : `Looked up: ${answer.calls.map((call) => toolNames[call.name] ?? call.name).join(", ")}`}
          </summary>
          <ul className="mt-1 space-y-1">
            {answer.calls.map((call) => (
              <li key={`${call.name}-${JSON.stringify(call.input)}`}>
                <p className="font-medium">
                  {toolNames[call.name] ?? call.name} {JSON.stringify(call.input)}
                </p>
                <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-white p-1.5">
                  {JSON.stringify(call.output, null, 1)}
                </pre>
              </li>
            ))}
          </ul>
          <p className="mt-1">Answered by {answer.model}.</p>
        </details>
      </div>
    </li>
  );
}

/**
 * Ask Sightline (issue 31 point 6): questions about the account, answered by the configured
 * model with read-only tools; each answer lists what it looked up. Without a model, how to
 * configure one.
 */
export function AskSightline({ model }: { model: string | null }) {
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState("");
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const ask = useAskSightline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || ask.isPending) return;
    const history: AskTurn[] = exchanges.slice(-6).flatMap((exchange) => [
      { role: "user" as const, content: exchange.question },
      { role: "assistant" as const, content: exchange.answer.answer },
    ]);
    ask.mutate(
      { question: text, history },
      {
        onSuccess: (answer) => {
          setExchanges((current) => [
            ...current,
            { id: (current.at(-1)?.id ?? 0) + 1, question: text, answer },
          ]);
          setQuestion("");
        },
      },
    );
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageCircleQuestion className="size-4" aria-hidden="true" />
        Ask Sightline
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent className="flex max-w-lg flex-col" data-testid="ask-sightline">
          <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">
            Ask Sightline
          </SheetTitle>
          <SheetDescription className="text-sm text-slate-500">
            Questions about your account, answered from its numbers. It can only read.
          </SheetDescription>
          {model === null ? (
            <div className="mt-4 space-y-2 text-sm text-slate-700">
              <p>Ask Sightline needs an AI model, and none is configured on this server.</p>
              <p>
                Set <code>AI_PROVIDER</code> (<code>openai-compatible</code>, <code>anthropic</code>{" "}
                or <code>google</code>) and <code>AI_MODEL</code>, with <code>AI_API_KEY</code>, or{" "}
                <code>AI_BASE_URL</code> for a local server such as Ollama, then restart Sightline.
                The README's Configuration lists them.
              </p>
            </div>
          ) : (
            <>
              <ul className="mt-4 flex-1 space-y-4 overflow-y-auto" aria-live="polite">
                {exchanges.map((exchange) => (
                  <Answer key={exchange.id} exchange={exchange} />
                ))}
                {exchanges.length === 0 ? (
                  <li className="text-sm text-slate-500">
                    Try "Which post had the most reach this month?" or "How did my followers change
                    over the last 7 days?"
                  </li>
                ) : null}
              </ul>
              <form onSubmit={submit} className="mt-3 space-y-2 border-t border-slate-200 pt-3">
                <label htmlFor="ask-question" className="sr-only">
                  Your question
                </label>
                <textarea
                  id="ask-question"
                  value={question}
                  onChange={(event) => setQuestion(event.target.value)}
                  maxLength={500}
                  rows={2}
                  placeholder="Ask about your reach, posts, audience or inbox"
                  className="block w-full rounded-md border border-slate-300 p-2 text-sm"
                />
                <div className="flex items-center justify-between gap-2">
                  {ask.isError ? (
                    <p role="alert" className="text-xs text-rose-700">
                      {errorMessage(ask.error)}
                    </p>
                  ) : (
                    <span className="text-xs text-slate-500">Answered by {model}</span>
                  )}
                  <Button type="submit" size="sm" disabled={ask.isPending || !question.trim()}>
                    {ask.isPending ? "Asking…" : "Ask"}
                  </Button>
                </div>
              </form>
            </>
          )}
        </SheetContent>
      </Sheet>
    </>
  );
}
