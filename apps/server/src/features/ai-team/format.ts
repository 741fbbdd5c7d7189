/** How the built-in engine writes figures: every figure a sentence shows is a fact's figure. */

export function count(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

export function decimal(value: number, decimals = 1): string {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** 12.3 → "12.3%" (a percentage already × 100). */
export function percent(value: number, decimals = 1): string {
  return `${decimal(value, decimals)}%`;
}

export function plural(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}
