import type { SandboxCore } from "../core/context.ts";
import { DAY_MS } from "../core/time.ts";
import type { ContainerFailure, ContainerRecord } from "../state/dynamic-state.ts";

export type ContainerStatusCode = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";

/** §8.3 — the code that goes with each publishing subcode, for forced errors and publish failures. */
export const publishingCodes: Record<number, number> = {
  2207001: -1,
  2207003: -2,
  2207004: 36000,
  2207005: 36001,
  2207006: 24,
  2207008: 24,
  2207009: 36003,
  2207010: 36004,
  2207020: -2,
  2207023: 100,
  2207026: 352,
  2207027: 9007,
  2207028: 100,
  2207032: -1,
  2207050: 25,
  2207051: 4,
  2207052: 9004,
  2207053: -1,
  2207057: 1,
  2207073: -1,
};

export function failureFor(subcode: number, message?: string): ContainerFailure {
  return {
    code: publishingCodes[subcode] ?? -1,
    subcode,
    message: message ?? `Media upload has failed with error code ${subcode}`,
  };
}

/** §2.4: the status text of an ERROR container embeds the subcode. */
function errorText(failure: ContainerFailure): string {
  return `Error: Media upload has failed with error code ${failure.subcode}. ${failure.message}`;
}

/**
 * §2.4 — derived from the clock on every read: IN_PROGRESS until processing is done (images
 * ~2 s, video ~10 s after the bytes arrived), then FINISHED or ERROR; EXPIRED after 24 h unless
 * published; a carousel waits for its children.
 */
export function containerStatus(
  core: SandboxCore,
  container: ContainerRecord,
  now: number,
): { code: ContainerStatusCode; text: string; failure?: ContainerFailure } {
  if (container.publishedMediaId !== undefined) {
    return { code: "PUBLISHED", text: "Published: Media has been successfully published." };
  }
  if (container.forced?.status === "EXPIRED" || now >= container.createdAt + DAY_MS) {
    return { code: "EXPIRED", text: "Expired: Media container was not published within 24 hours." };
  }
  if (container.forced?.status === "ERROR") {
    const failure = failureFor(container.forced.subcode ?? 2207001);
    return { code: "ERROR", text: errorText(failure), failure };
  }
  if (container.kind === "CAROUSEL") {
    let waiting = false;
    for (const childId of container.children ?? []) {
      const child = core.store.container(childId);
      if (!child) continue;
      const status = containerStatus(core, child, now);
      if (status.code === "ERROR") {
        const failure = status.failure ?? failureFor(2207032);
        return { code: "ERROR", text: errorText(failure), failure };
      }
      if (status.code === "IN_PROGRESS") waiting = true;
    }
    if (waiting || container.readyAt === undefined || now < container.readyAt) {
      return { code: "IN_PROGRESS", text: "In Progress: Media is still being processed." };
    }
    return {
      code: "FINISHED",
      text: "Finished: Media has been uploaded and it is ready to be published.",
    };
  }
  if (container.readyAt === undefined || now < container.readyAt) {
    return { code: "IN_PROGRESS", text: "In Progress: Media is still being processed." };
  }
  if (container.failure) {
    return { code: "ERROR", text: errorText(container.failure), failure: container.failure };
  }
  return {
    code: "FINISHED",
    text: "Finished: Media has been uploaded and it is ready to be published.",
  };
}
