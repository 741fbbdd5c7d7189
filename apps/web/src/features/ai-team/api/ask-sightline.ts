import { useMutation } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

export type AskTurn = { role: "user" | "assistant"; content: string };

/** POST /api/ai-team/ask: a question about the account, answered with read-only tools. */
export const askSightline = (question: string, history: AskTurn[]) =>
  unwrap(api["ai-team"].ask.$post({ json: { question, history } }));

export type AskAnswer = SuccessData<Awaited<ReturnType<(typeof api)["ai-team"]["ask"]["$post"]>>>;

export const useAskSightline = () =>
  useMutation({
    mutationFn: ({ question, history }: { question: string; history: AskTurn[] }) =>
      askSightline(question, history),
  });
