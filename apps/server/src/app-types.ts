import type { Logger } from "./lib/logger.ts";

export type AppVariables = {
  requestId: string;
  logger: Logger;
};

export type AppEnv = { Variables: AppVariables };
