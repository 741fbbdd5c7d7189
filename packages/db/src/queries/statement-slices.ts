/** Rows or ids one statement takes: a thousand keeps the parameters far below PostgreSQL's 65,535. */
const PER_STATEMENT = 1000;

/** `items` cut into slices one statement each can take (none for an empty list). */
export function statementSlices<T>(items: readonly T[]): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += PER_STATEMENT) {
    slices.push(items.slice(start, start + PER_STATEMENT));
  }
  return slices;
}
