export { changePlan, type PlanChangeSource } from "./change.ts";
export { assertScheduledPostRoom, monthStart, nextMonthStart, takeAiCredit } from "./monthly.ts";
export { describePlan, findOperatorWorkspace, setPlanByOperator } from "./operator.ts";
export {
  assertStorageRoom,
  assertWithinPlan,
  can,
  limit,
  pausedByPlan,
  planOf,
  planRequired,
  requirePlan,
} from "./plans.ts";
export { planRoutes } from "./routes.ts";
export { planTestRoutes } from "./test-routes.ts";
