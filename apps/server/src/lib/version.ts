import { readFileSync } from "node:fs";

const rootPackage = JSON.parse(
  readFileSync(new URL("../../../../package.json", import.meta.url), "utf8"),
) as { version: string };

export const appVersion: string = rootPackage.version;
