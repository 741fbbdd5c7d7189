import {
  conversationLabelsSchema,
  inboxLabelInputSchema,
  inboxLabelPatchSchema,
  MAX_INBOX_LABELS,
} from "@sightline/contracts";
import {
  createInboxLabel,
  deleteInboxLabel,
  existingInboxLabelIds,
  labelsOfConversations,
  listInboxConversations,
  listInboxLabels,
  setConversationLabels,
  updateInboxLabel,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMemberByMethod } from "../../middleware/session.ts";
import { recordAudit } from "../workspaces/index.ts";
import { type InboxDeps, notFound, requireActive } from "./inbox-scope.ts";

const labelId = z.object({ id: z.uuid({ error: "This label does not exist." }) });
const labelMissing = () => new AppError("not_found", "This label does not exist.");
const nameTaken = (name: string) =>
  new AppError("conflict", `There is already a label called “${name}”.`);

/**
 * Conversation labels (issue 32): the workspace's labels (read by every member, changed by those
 * who answer the inbox) and the labels of one conversation of the selected account.
 */
export function inboxLabelRoutes(deps: Pick<InboxDeps, "db">) {
  return new Hono<AppEnv>()
    .use(requireMemberByMethod("inbox:write"))
    .get("/labels", async (c) => {
      return c.json({ items: await listInboxLabels(deps.db, c.var.workspace.id) });
    })
    .post("/labels", validate("json", inboxLabelInputSchema), async (c) => {
      const input = c.req.valid("json");
      const label = await createInboxLabel(deps.db, c.var.workspace.id, input, MAX_INBOX_LABELS);
      if (label === "full") {
        throw new AppError(
          "conflict",
          `A workspace has up to ${MAX_INBOX_LABELS} labels. Delete one to add another.`,
        );
      }
      if (label === "taken") throw nameTaken(input.name);
      await recordAudit(deps, c.var, "inbox.label_created", { target: label.id });
      return c.json(label, 201);
    })
    .patch(
      "/labels/:id",
      validate("param", labelId),
      validate("json", inboxLabelPatchSchema),
      async (c) => {
        const input = c.req.valid("json");
        const result = await updateInboxLabel(
          deps.db,
          c.var.workspace.id,
          c.req.valid("param").id,
          input,
        );
        if (result === "missing") throw labelMissing();
        if (result === "taken") throw nameTaken(input.name ?? "");
        return c.json(result);
      },
    )
    .delete("/labels/:id", validate("param", labelId), async (c) => {
      const id = c.req.valid("param").id;
      if (!(await deleteInboxLabel(deps.db, c.var.workspace.id, id))) throw labelMissing();
      await recordAudit(deps, c.var, "inbox.label_deleted", { target: id });
      return c.json({ deleted: true as const });
    })
    .put(
      "/conversations/:kind/:id/labels",
      validate(
        "param",
        z.object({ kind: z.enum(["dm", "comments"]), id: z.string().min(1).max(200) }),
      ),
      validate("json", conversationLabelsSchema),
      async (c) => {
        const { kind, id } = c.req.valid("param");
        const { scope } = await requireActive(deps, c.var.workspace);
        const [row] = await listInboxConversations(deps.db, scope, { exactId: id, limit: 1 });
        if (!row || row.kind !== kind) throw notFound();
        const wanted = [...new Set(c.req.valid("json").labelIds)];
        const known = await existingInboxLabelIds(deps.db, scope.workspaceId, wanted);
        if (known.length !== wanted.length) throw labelMissing();
        const conversation = { kind, conversationId: id };
        await setConversationLabels(deps.db, scope, conversation, known, c.var.user.id);
        const labels = await labelsOfConversations(deps.db, scope, [conversation]);
        return c.json({ labels: labels.get(`${kind}:${id}`) ?? [] });
      },
    );
}
