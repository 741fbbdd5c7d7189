import { z } from "zod";

export const supportTopics = [
  "account",
  "instagram",
  "billing",
  "bug",
  "feature",
  "privacy",
  "other",
] as const;

export const createSupportRequestInputSchema = z.object({
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(120, "Keep your name under 120 characters."),
  email: z.email({ error: "Enter a valid e-mail address." }).trim().max(254),
  topic: z.enum(supportTopics, { error: "Choose a topic." }),
  message: z
    .string({ error: "Write a message." })
    .trim()
    .min(20, "Tell us a little more: at least 20 characters.")
    .max(5000, "Keep your message under 5,000 characters."),
});

export type CreateSupportRequestInput = z.infer<typeof createSupportRequestInputSchema>;
