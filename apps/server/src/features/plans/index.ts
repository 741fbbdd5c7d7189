export { assertStorageRoom, assertWithinPlan, planOf } from "./plans.ts";
