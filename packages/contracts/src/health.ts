import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  db: z.enum(["pglite", "postgres"]),
  version: z.string(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
