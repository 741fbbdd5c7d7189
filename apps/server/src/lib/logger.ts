import pino, { type Logger } from "pino";
import { serializeError } from "./redact.ts";

export type { Logger };

/** Human-readable lines in a terminal, JSON lines otherwise (files, containers, CI). */
export function createLogger(
  level: string,
  pretty = Boolean(process.stdout.isTTY),
  /** Tests: where the JSON lines go instead of stdout. */
  destination?: { write: (line: string) => void },
): Logger {
  const options: pino.LoggerOptions = {
    level,
    // Errors lose their SQL parameters and database details (personal data) on the way out.
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.email",
        "*.to",
        "*.cookie",
        "*.authorization",
        "*.token",
        "*.accessToken",
        "*.access_token",
        "*.secret",
        "req.headers.cookie",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
