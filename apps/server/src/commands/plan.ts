import { createDb, DataDirLockedError } from "@sightline/db";
import { EnvError, readEnv } from "../env.ts";
import { describePlan, setPlanByOperator } from "../features/plans/index.ts";
import { AppError } from "../lib/app-error.ts";

/*
 * `npm run plan -- set <workspace id or owner e-mail> <free|starter|pro|premium> [--until DATE]`
 * and `npm run plan -- show <workspace id or owner e-mail>`: an operator's plan change without
 * billing (issue 30), audited in the workspace's log. In the embedded default, stop Sightline
 * first (one process may open the data folder).
 */
const usage = `Usage:
  npm run plan -- set <workspace id or owner e-mail> <free|starter|pro|premium> [--until YYYY-MM-DD]
  npm run plan -- show <workspace id or owner e-mail>`;

const args = process.argv.slice(2);
const untilAt = args.indexOf("--until");
const until = untilAt >= 0 ? args[untilAt + 1] : undefined;
const positional = args.filter(
  (_, index) => untilAt < 0 || (index !== untilAt && index !== untilAt + 1),
);
const [command, target, plan] = positional;

if (
  !target ||
  (command === "set"
    ? !plan || positional.length !== 3
    : command !== "show" || positional.length !== 2) ||
  (untilAt >= 0 && !until)
) {
  console.error(usage);
  process.exit(1);
}

try {
  const env = readEnv();
  const database = env.databaseUrl
    ? await createDb({ databaseUrl: env.databaseUrl })
    : await createDb({ dataDir: env.dataDir });
  try {
    console.info(
      command === "set"
        ? await setPlanByOperator(database.db, { target, plan: plan!, until })
        : await describePlan(database.db, target),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (
    error instanceof EnvError ||
    error instanceof AppError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
