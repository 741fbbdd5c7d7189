import type { AiRoleReport } from "@sightline/contracts";
import { Inbox as InboxIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { useAiTeam } from "../api/get-ai-team.ts";

/**
 * The Secretary's ranking in the inbox (issue 31 point 8): what to answer first, each item a
 * link that opens its conversation here. Nothing shows on a plan without the Secretary.
 */
export function SecretaryQueue() {
  const team = useAiTeam();
  const [open, setOpen] = useState(false);
  const secretary = team.data?.connected
    ? team.data.roles.find((role) => role.role === "secretary")
    : undefined;
  if (!secretary || secretary.status === "locked") return null;
  const report = secretary as AiRoleReport;
  const items = report.facts.filter((fact) => fact.kind === "triage-item");
  const waiting = report.facts.find((fact) => fact.kind === "triage-summary")?.figures.waiting;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <InboxIcon aria-hidden="true" />
        Secretary{typeof waiting === "number" ? `: ${waiting.toLocaleString("en-US")} waiting` : ""}
      </Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent className="max-w-md" data-testid="secretary-queue">
          <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">
            Answer first
          </SheetTitle>
          <SheetDescription className="text-sm text-slate-600">
            {report.wording.headline}
          </SheetDescription>
          <ol className="mt-4 space-y-2">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">{item.title}</p>
                <p className="mt-0.5 text-slate-700">{item.statement}</p>
                {item.links[0] ? (
                  <Link
                    to={item.links[0].href}
                    onClick={() => setOpen(false)}
                    className="mt-1 inline-block text-xs font-medium text-brand-700 hover:underline"
                  >
                    Open the conversation
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-slate-500">{report.writer.label}</p>
        </SheetContent>
      </Sheet>
    </>
  );
}
