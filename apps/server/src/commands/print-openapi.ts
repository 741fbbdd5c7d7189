import { publicApiDocument } from "../features/public-api/index.ts";

/*
 * Prints /api/v1's OpenAPI document (the one GET /api/v1/openapi.json serves) as JSON. The web
 * build runs it to prerender /developers (apps/web/scripts/vite-plugin-openapi.ts).
 */
const { document, undocumented } = publicApiDocument();
if (undocumented.length > 0) {
  console.warn(
    `Routes without describeRoute, left out of the document: ${undocumented.join(", ")}`,
  );
}
process.stdout.write(`${JSON.stringify(document)}\n`);
