import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SandboxLogger } from "../logger.ts";
import type { DynamicState } from "./dynamic-state.ts";

/**
 * Mutations are saved synchronously after each change: write a temporary file, then rename it
 * over the old one, so a crash mid-write never leaves a truncated state file.
 */
export function loadState(file: string, logger: SandboxLogger): DynamicState | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DynamicState>;
    if (
      parsed.version !== 1 ||
      typeof parsed.seed !== "number" ||
      typeof parsed.anchorDay !== "number"
    ) {
      logger.warn({ file }, "sandbox state file has an unknown format; starting fresh");
      return undefined;
    }
    return parsed as DynamicState;
  } catch (error) {
    logger.warn(
      { file, error: String(error) },
      "sandbox state file is not valid JSON; starting fresh",
    );
    return undefined;
  }
}

export function saveState(file: string, state: DynamicState): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
  renameSync(temporary, file);
}
