/** pino-compatible subset: `logger.info({ ...fields }, "message")`. */
export type SandboxLogger = {
  debug?(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};

export const silentLogger: SandboxLogger = {
  info() {},
  warn() {},
  error() {},
};
