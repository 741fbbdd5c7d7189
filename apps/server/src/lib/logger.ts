import pino, { type Logger } from "pino";

export type { Logger };

/** Human-readable lines in a terminal, JSON lines otherwise (files, containers, CI). */
export function createLogger(level: string, pretty = Boolean(process.stdout.isTTY)): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "*.password",
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
  });
}
