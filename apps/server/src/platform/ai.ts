import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, stepCountIs, type ToolSet } from "ai";
import { z } from "zod";

/**
 * The configured language model (architecture: AI through the AI SDK, `AI_*` variables), or
 * none: then every feature uses its built-in engine and says so. One place builds the model so
 * no feature reads AI settings itself.
 */
export interface AiModel {
  /** Shown to the user with what it wrote ("openai-compatible: llama3.2-vision"). */
  label: string;
  model: LanguageModel;
}

/** The `AI_*` settings (env.ts reads them; they are passed in here). */
export type AiConfig = {
  provider: "openai-compatible" | "anthropic" | "google";
  model: string;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
};

export function createAiModel(
  config: AiConfig | undefined,
  options: { fetch?: typeof fetch } = {},
): AiModel | undefined {
  if (!config) return undefined;
  const label = `${config.provider}: ${config.model}`;
  const shared = {
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  switch (config.provider) {
    case "openai-compatible":
      return {
        label,
        model: createOpenAICompatible({ name: "sightline", baseURL: config.baseUrl!, ...shared })(
          config.model,
        ),
      };
    case "anthropic":
      return {
        label,
        model: createAnthropic({
          ...shared,
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        })(config.model),
      };
    case "google":
      return {
        label,
        model: createGoogleGenerativeAI({
          ...shared,
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        })(config.model),
      };
  }
}

const captionAnswerSchema = z.object({
  caption: z.string().min(1).max(2200),
  hashtags: z.array(z.string().min(1).max(100)).max(30),
});

/** The first JSON object in a model's answer (models wrap it in prose or code fences). */
function firstJsonObject(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("the model did not answer with JSON");
  return JSON.parse(text.slice(start, end + 1));
}

/**
 * A vision model writes a caption and hashtags for the image, in the account's voice (its best
 * captions as examples). Throws when the provider fails or answers nonsense; the caller falls
 * back to the built-in engine and says so.
 */
export async function writeCaptionWithAi(
  ai: AiModel,
  input: {
    image: Uint8Array;
    mediaType: string;
    voiceExamples: string[];
    hashtagPool: string[];
    signal?: AbortSignal;
  },
): Promise<{ caption: string; hashtags: string[] }> {
  const examples = input.voiceExamples
    .slice(0, 5)
    .map((caption, index) => `${index + 1}. ${caption.slice(0, 400)}`)
    .join("\n");
  const result = await generateText({
    model: ai.model,
    maxRetries: 1,
    ...(input.signal ? { abortSignal: input.signal } : {}),
    instructions:
      "You write Instagram captions for a small business or creator. Answer with one JSON object only: " +
      '{"caption": string (at most 2200 characters, no hashtags in it), "hashtags": string[] (at most 15, without #)}.',
    messages: [
      {
        role: "user",
        content: [
          {
            type: "text",
            text: [
              "Write a caption for this image in the voice of these past captions of the account:",
              examples || "(no past captions yet: write warmly and plainly)",
              input.hashtagPool.length
                ? `Hashtags that worked for the account, prefer them when they fit: ${input.hashtagPool.slice(0, 30).join(", ")}`
                : "",
            ]
              .filter(Boolean)
              .join("\n\n"),
          },
          { type: "image", image: input.image, mediaType: input.mediaType },
        ],
      },
    ],
  });
  const answer = captionAnswerSchema.parse(firstJsonObject(result.text));
  return {
    caption: answer.caption.trim(),
    hashtags: [
      ...new Set(answer.hashtags.map((tag) => tag.replace(/^#/, "").trim()).filter(Boolean)),
    ],
  };
}

/** The caller's signal, if any, and a deadline: a model that hangs must not hold a page. */
function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const deadline = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/**
 * Asks the model for one JSON object matching `schema`, from instructions and a conversation
 * (the AI team's wording, issue 31). Throws when the provider fails or the answer does not fit.
 */
export async function writeJsonWithAi<T>(
  ai: AiModel,
  input: {
    instructions: string;
    messages: Array<{ role: "user" | "assistant"; content: string }>;
    schema: z.ZodType<T>;
    signal?: AbortSignal;
    /** A model that does not answer within this is given up on (default 20 s). */
    timeoutMs?: number;
  },
): Promise<T> {
  const result = await generateText({
    model: ai.model,
    maxRetries: 1,
    abortSignal: withTimeout(input.signal, input.timeoutMs ?? 20_000),
    instructions: input.instructions,
    messages: input.messages,
  });
  return input.schema.parse(firstJsonObject(result.text));
}

/** One tool call the model made while answering, with what the tool gave back. */
export type AiToolCall = { name: string; input: unknown; output: unknown };

/**
 * A model's answer that may call read-only tools first (Ask Sightline, issue 31 point 6): at
 * most `maxSteps` rounds of calls. Answers the text and every call made, in order.
 */
export async function answerWithTools(
  ai: AiModel,
  input: {
    instructions: string;
    messages: Array<{ role: "user" | "assistant"; content: string }>;
    tools: ToolSet;
    maxSteps: number;
    signal?: AbortSignal;
    /** The whole answer, tool calls included, within this (default 60 s). */
    timeoutMs?: number;
  },
): Promise<{ text: string; calls: AiToolCall[] }> {
  const result = await generateText({
    model: ai.model,
    maxRetries: 1,
    abortSignal: withTimeout(input.signal, input.timeoutMs ?? 60_000),
    instructions: input.instructions,
    messages: input.messages,
    tools: input.tools,
    stopWhen: stepCountIs(input.maxSteps),
  });
  const calls: AiToolCall[] = [];
  for (const step of result.steps) {
    for (const call of step.toolCalls) {
      const found = step.toolResults.find((entry) => entry.toolCallId === call.toolCallId);
      calls.push({ name: call.toolName, input: call.input, output: found?.output ?? null });
    }
  }
  return { text: result.text, calls };
}
