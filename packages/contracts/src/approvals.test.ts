import { describe, expect, it } from "vitest";
import {
  type ApprovalAction,
  type ApprovalActor,
  type ApprovalState,
  approvalActions,
  approvalStates,
  approvalTransition,
  editedSubmitTransition,
  isReviewer,
} from "./approvals.ts";
import { can, workspaceRoles } from "./workspace-roles.ts";

const member = (role: (typeof workspaceRoles)[number], isNamedApprover = false): ApprovalActor => ({
  kind: "member",
  role,
  isNamedApprover,
});

/** The whole table: for each state and action, where it leads when allowed. */
const expected: Record<ApprovalState, Partial<Record<ApprovalAction, ApprovalState>>> = {
  draft: { submit: "in_review" },
  in_review: { approve: "approved", request_changes: "changes_requested", withdraw: "draft" },
  changes_requested: { submit: "in_review", withdraw: "draft" },
  approved: { submit: "in_review" },
};

const authorActions: ApprovalAction[] = ["submit", "withdraw"];

describe("approval state machine (decision 037)", () => {
  const actors: Array<[string, ApprovalActor]> = [
    ...workspaceRoles.map((role) => [role, member(role)] as [string, ApprovalActor]),
    ["editor named approver", member("editor", true)],
    ["analyst named approver", member("analyst", true)],
    ["review link", { kind: "link" }],
  ];

  for (const [name, actor] of actors) {
    for (const from of approvalStates) {
      for (const action of approvalActions) {
        const mayByRole = authorActions.includes(action)
          ? actor.kind === "member" && ["owner", "admin", "editor"].includes(actor.role)
          : isReviewer(actor);
        const to = expected[from][action];
        it(`${name}: ${action} from ${from} is ${mayByRole && to ? `allowed → ${to}` : "refused"}`, () => {
          const result = approvalTransition(from, action, actor);
          if (!mayByRole) {
            expect(result).toMatchObject({ ok: false, reason: "role" });
          } else if (!to) {
            expect(result).toMatchObject({ ok: false, reason: "state" });
          } else {
            expect(result).toEqual({ ok: true, to });
          }
        });
      }
    }
  }

  it("reviewers are clients, named approvers and link holders; not owners by role alone", () => {
    expect(isReviewer(member("client"))).toBe(true);
    expect(isReviewer(member("editor", true))).toBe(true);
    expect(isReviewer({ kind: "link" })).toBe(true);
    expect(isReviewer(member("owner"))).toBe(false);
    expect(isReviewer(member("analyst"))).toBe(false);
  });

  it("editors cannot change approval settings; owners and admins can; clients only review", () => {
    expect(can("editor", "approvals")).toBe(false);
    expect(can("analyst", "approvals")).toBe(false);
    expect(can("admin", "approvals")).toBe(true);
    expect(can("owner", "approvals")).toBe(true);
    expect(can("client", "review")).toBe(true);
    expect(can("client", "read")).toBe(false);
    expect(can("client", "publish")).toBe(false);
  });

  it("a refusal says why in words", () => {
    expect(approvalTransition("approved", "approve", member("client"))).toEqual({
      ok: false,
      reason: "state",
      message: "This post is approved, so it cannot be approved now.",
    });
  });

  it("edited content is sent for approval from every state, a post in review staying in review; only authors send it", () => {
    for (const from of approvalStates) {
      expect(editedSubmitTransition(from, member("editor"))).toEqual({ ok: true, to: "in_review" });
      expect(editedSubmitTransition(from, member("client"))).toMatchObject({
        ok: false,
        reason: "role",
      });
      expect(editedSubmitTransition(from, { kind: "link" })).toMatchObject({ ok: false });
    }
  });
});
