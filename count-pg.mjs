import pg from "pg";
const counts = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === "string" ? config : config?.text ?? "?";
  const key = text.replace(/\s+/g, " ").slice(0, 90);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return orig.call(this, config, ...rest);
};
process.on("exit", () => {
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [k, v] of rows) process.stderr.write(`${String(v).padStart(7)} ${k}\n`);
});
