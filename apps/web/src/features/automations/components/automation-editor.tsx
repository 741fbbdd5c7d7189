import {
  type AutomationRuleInput,
  type AutomationTriggerKind,
  automationTriggerLabels,
  fillPlaceholders,
} from "@sightline/contracts";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label, Select, Textarea } from "../../../components/ui/input.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { useLabelOptions, useSaveAutomation, useTestAutomation } from "../api/automations.ts";
import { PostPicker } from "./post-picker.tsx";

/** The editor's fields as typed (lists as text), turned into a rule on save. */
type Draft = {
  name: string;
  kind: AutomationTriggerKind;
  posts: "any" | "next" | "chosen";
  mediaIds: string[];
  anyMessage: boolean;
  mode: "any" | "all";
  words: string;
  exclude: string;
  firstInteraction: boolean;
  audience: "everyone" | "followers" | "non_followers";
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
  publicReplies: string;
  message: string;
  linkTitle: string;
  linkUrl: string;
  delayMinutes: string;
  notify: boolean;
  labelIds: string[];
};

const sample = { username: "ana.b", name: "Ana Beltrán" };
const list = (text: string) =>
  text
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);

export function draftOf(rule: AutomationRuleInput): Draft {
  const keywords = rule.trigger.keywords;
  const message = rule.actions.privateReply ?? rule.actions.dm ?? null;
  return {
    name: rule.name,
    kind: rule.trigger.kind,
    posts: rule.trigger.posts?.mode ?? "any",
    mediaIds: rule.trigger.posts?.mode === "chosen" ? rule.trigger.posts.mediaIds : [],
    anyMessage: keywords.mode === "any_message",
    mode: keywords.mode === "all" ? "all" : "any",
    words: keywords.mode === "any_message" ? "" : keywords.words.join(", "),
    exclude: keywords.mode === "any_message" ? "" : (keywords.exclude ?? []).join(", "),
    firstInteraction: rule.conditions?.firstInteraction ?? false,
    audience: rule.conditions?.audience ?? "everyone",
    quiet: Boolean(rule.conditions?.quietHours),
    quietFrom: rule.conditions?.quietHours?.from ?? "22:00",
    quietTo: rule.conditions?.quietHours?.to ?? "08:00",
    publicReplies: (rule.actions.publicReplies ?? []).join("\n"),
    message: message?.text ?? "",
    linkTitle: message?.link?.title ?? "",
    linkUrl: message?.link?.url ?? "",
    delayMinutes: String(Math.round((rule.actions.delaySeconds ?? 0) / 60)),
    notify: rule.actions.notify ?? false,
    labelIds: rule.actions.labelIds ?? [],
  };
}

export function ruleOf(draft: Draft, enabled = true): AutomationRuleInput {
  const comment = draft.kind === "comment";
  const message = draft.message.trim()
    ? {
        text: draft.message,
        link: draft.linkUrl.trim()
          ? { title: draft.linkTitle || "Open", url: draft.linkUrl.trim() }
          : null,
      }
    : null;
  return {
    name: draft.name,
    enabled,
    trigger: {
      kind: draft.kind,
      posts: !comment
        ? { mode: "any" }
        : draft.posts === "chosen"
          ? { mode: "chosen", mediaIds: draft.mediaIds }
          : { mode: draft.posts },
      keywords:
        draft.anyMessage || draft.kind === "story_mention"
          ? { mode: "any_message" }
          : { mode: draft.mode, words: list(draft.words), exclude: list(draft.exclude) },
    },
    conditions: {
      firstInteraction: draft.firstInteraction,
      audience: draft.audience,
      quietHours: draft.quiet ? { from: draft.quietFrom, to: draft.quietTo } : null,
    },
    actions: {
      publicReplies: comment
        ? draft.publicReplies
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
      privateReply: comment ? message : null,
      dm: comment ? null : message,
      delaySeconds: Math.max(0, Math.min(60, Number(draft.delayMinutes) || 0)) * 60,
      notify: draft.notify,
      labelIds: draft.labelIds,
    },
  };
}

function CheckboxField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** The server's 422 messages by field path ("actions.privateReply.text" → its message). */
function fieldErrors(error: unknown): Map<string, string> {
  const errors = new Map<string, string>();
  if (error instanceof ApiError)
    for (const issue of error.issues) errors.set(issue.path, issue.message);
  return errors;
}

function errorFor(errors: Map<string, string>, ...prefixes: string[]): string | undefined {
  for (const [path, message] of errors)
    if (prefixes.some((prefix) => path.startsWith(prefix))) return message;
  return undefined;
}

/**
 * Create or edit an automation (issue 32 point 5): trigger, conditions and actions, with a live
 * preview of the public reply and the DM as the person sees them, and "Test on recent comments".
 */
export function AutomationEditor({
  open,
  onOpenChange,
  initial,
  ruleId,
  enabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: AutomationRuleInput;
  ruleId?: string;
  enabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const save = useSaveAutomation();
  const test = useTestAutomation();
  const labelOptions = useLabelOptions();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errors = fieldErrors(save.error);
  const comment = draft.kind === "comment";
  const rule = ruleOf(draft, enabled ?? true);
  const firstPublic = rule.actions.publicReplies?.[0];
  const sent = rule.actions.privateReply ?? rule.actions.dm;
  const field = (name: string) => `${id}-${name}`;

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="max-w-2xl overflow-y-auto" data-testid="automation-editor">
        <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">
          {ruleId ? "Edit automation" : "New automation"}
        </SheetTitle>
        <SheetDescription className="text-sm text-slate-600">
          It acts at most once per person per post (comments) or per 24 hours (DMs), within
          Instagram's rules.
        </SheetDescription>
        <form
          className="mt-4 space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { ...(ruleId ? { id: ruleId } : {}), rule },
              { onSuccess: () => onOpenChange(false) },
            );
          }}
        >
          <div>
            <Label htmlFor={field("name")}>Name</Label>
            <Input
              id={field("name")}
              value={draft.name}
              onChange={(e) => set("name", e.target.value)}
              aria-invalid={errors.has("name")}
            />
            <FieldMessage id={field("name-error")}>{errors.get("name")}</FieldMessage>
          </div>
          <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">When</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label htmlFor={field("kind")}>Trigger</Label>
                <Select
                  id={field("kind")}
                  value={draft.kind}
                  onChange={(e) => set("kind", e.target.value as AutomationTriggerKind)}
                >
                  {(Object.keys(automationTriggerLabels) as AutomationTriggerKind[]).map((kind) => (
                    <option key={kind} value={kind}>
                      {automationTriggerLabels[kind]}
                    </option>
                  ))}
                </Select>
              </div>
              {comment ? (
                <div>
                  <Label htmlFor={field("posts")}>On</Label>
                  <Select
                    id={field("posts")}
                    value={draft.posts}
                    onChange={(e) => set("posts", e.target.value as Draft["posts"])}
                  >
                    <option value="any">Any post</option>
                    <option value="next">The next post I publish</option>
                    <option value="chosen">Posts I choose</option>
                  </Select>
                </div>
              ) : null}
            </div>
            {comment && draft.posts === "chosen" ? (
              <PostPicker
                chosen={draft.mediaIds}
                onChange={(mediaIds) => set("mediaIds", mediaIds)}
                error={errorFor(errors, "trigger.posts")}
              />
            ) : null}
            {draft.kind === "story_mention" ? null : (
              <>
                <CheckboxField checked={draft.anyMessage} onChange={(on) => set("anyMessage", on)}>
                  Any message (no keywords)
                </CheckboxField>
                {draft.anyMessage ? null : (
                  <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                    <div>
                      <Label htmlFor={field("words")}>Keywords, separated by commas</Label>
                      <Input
                        id={field("words")}
                        value={draft.words}
                        placeholder="link, price"
                        onChange={(e) => set("words", e.target.value)}
                        aria-invalid={Boolean(errorFor(errors, "trigger.keywords"))}
                      />
                    </div>
                    <div>
                      <Label htmlFor={field("mode")}>Match</Label>
                      <Select
                        id={field("mode")}
                        value={draft.mode}
                        onChange={(e) => set("mode", e.target.value as Draft["mode"])}
                      >
                        <option value="any">Any word</option>
                        <option value="all">All words</option>
                      </Select>
                    </div>
                    <div className="sm:col-span-2">
                      <Label htmlFor={field("exclude")}>Not when it contains</Label>
                      <Input
                        id={field("exclude")}
                        value={draft.exclude}
                        placeholder="spam, giveaway"
                        onChange={(e) => set("exclude", e.target.value)}
                      />
                      <p className="mt-1 text-xs text-slate-500">
                        Whole words; capitals and accents do not matter.
                      </p>
                    </div>
                  </div>
                )}
                <FieldMessage id={field("keywords-error")}>
                  {errorFor(errors, "trigger")}
                </FieldMessage>
              </>
            )}
          </fieldset>
          <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Only if</legend>
            <CheckboxField
              checked={draft.firstInteraction}
              onChange={(on) => set("firstInteraction", on)}
            >
              It is the person's first time with this automation
            </CheckboxField>
            <div>
              <Label htmlFor={field("audience")}>Who</Label>
              <Select
                id={field("audience")}
                value={draft.audience}
                onChange={(e) => set("audience", e.target.value as Draft["audience"])}
              >
                <option value="everyone">Everyone</option>
                <option value="followers">Followers only</option>
                <option value="non_followers">People who do not follow me</option>
              </Select>
              {draft.audience !== "everyone" ? (
                <p className="mt-1 text-xs text-slate-500">
                  Instagram tells whether someone follows you only after they have messaged you;
                  others are skipped.
                </p>
              ) : null}
            </div>
            <CheckboxField checked={draft.quiet} onChange={(on) => set("quiet", on)}>
              Quiet hours (replies wait until they end)
            </CheckboxField>
            {draft.quiet ? (
              <div className="flex items-center gap-2 text-sm">
                <Input
                  aria-label="Quiet from"
                  type="time"
                  className="w-32"
                  value={draft.quietFrom}
                  onChange={(e) => set("quietFrom", e.target.value)}
                />
                to
                <Input
                  aria-label="Quiet until"
                  type="time"
                  className="w-32"
                  value={draft.quietTo}
                  onChange={(e) => set("quietTo", e.target.value)}
                />
              </div>
            ) : null}
            <FieldMessage id={field("conditions-error")}>
              {errorFor(errors, "conditions")}
            </FieldMessage>
          </fieldset>
          <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Then</legend>
            {comment ? (
              <div>
                <Label htmlFor={field("public")}>Public replies, one per line (used in turn)</Label>
                <Textarea
                  id={field("public")}
                  className="min-h-20"
                  value={draft.publicReplies}
                  onChange={(e) => set("publicReplies", e.target.value)}
                />
              </div>
            ) : null}
            <div>
              <Label htmlFor={field("message")}>{comment ? "Private reply (a DM)" : "DM"}</Label>
              <Textarea
                id={field("message")}
                className="min-h-20"
                value={draft.message}
                onChange={(e) => set("message", e.target.value)}
                aria-invalid={Boolean(errorFor(errors, "actions"))}
              />
              <p className="mt-1 text-xs text-slate-500">
                {"{first_name} and {username} are filled in for each person."}
              </p>
            </div>
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <div>
                <Label htmlFor={field("link-title")}>Button title</Label>
                <Input
                  id={field("link-title")}
                  maxLength={20}
                  value={draft.linkTitle}
                  onChange={(e) => set("linkTitle", e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor={field("link-url")}>Link (https://)</Label>
                <Input
                  id={field("link-url")}
                  type="url"
                  value={draft.linkUrl}
                  onChange={(e) => set("linkUrl", e.target.value)}
                />
              </div>
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">
                {comment ? "Label the DM thread the private reply opens" : "Label the DM thread"}
              </legend>
              {labelOptions.data?.items.length ? (
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {labelOptions.data.items.map((label) => (
                    <CheckboxField
                      key={label.id}
                      checked={draft.labelIds.includes(label.id)}
                      onChange={(on) =>
                        set(
                          "labelIds",
                          on
                            ? [...draft.labelIds, label.id]
                            : draft.labelIds.filter((id) => id !== label.id),
                        )
                      }
                    >
                      {label.name}
                    </CheckboxField>
                  ))}
                </div>
              ) : (
                <p className="mt-1 text-xs text-slate-500">
                  No labels yet: make them in the inbox (a conversation's Labels menu).
                </p>
              )}
              <FieldMessage id={field("labels-error")}>
                {errorFor(errors, "actions.labelIds")}
              </FieldMessage>
            </fieldset>
            <CheckboxField checked={draft.notify} onChange={(on) => set("notify", on)}>
              E-mail the team (members who answer the inbox; one e-mail every 15 minutes at most)
            </CheckboxField>
            <div className="w-40">
              <Label htmlFor={field("delay")}>Wait (minutes)</Label>
              <Input
                id={field("delay")}
                type="number"
                min={0}
                max={60}
                value={draft.delayMinutes}
                onChange={(e) => set("delayMinutes", e.target.value)}
              />
            </div>
            <FieldMessage id={field("actions-error")}>{errorFor(errors, "actions")}</FieldMessage>
          </fieldset>
          <section aria-label="Preview" className="rounded-xl bg-slate-50 p-4 text-sm">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Preview for @{sample.username}
            </p>
            {firstPublic ? (
              <p className="mt-2">
                <span className="font-semibold">Public reply: </span>
                {fillPlaceholders(firstPublic, sample)}
              </p>
            ) : null}
            {sent ? (
              <div
                className="mt-2 max-w-sm rounded-2xl rounded-bl-sm bg-white p-3 shadow-sm"
                data-testid="dm-preview"
              >
                <p className="whitespace-pre-wrap">{fillPlaceholders(sent.text, sample)}</p>
                {sent.link ? (
                  <p className="mt-2 rounded-lg border border-slate-200 px-3 py-1.5 text-center font-medium text-brand-700">
                    {sent.link.title}
                  </p>
                ) : null}
                {sent.link ? (
                  <p className="mt-1 text-xs text-slate-500">
                    A button under the message opens the link in Instagram's browser (the Instagram
                    apps show buttons; instagram.com on the web shows the text only).
                  </p>
                ) : null}
              </div>
            ) : null}
          </section>
          {save.error && errors.size === 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {save.error.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save automation"}
            </Button>
            {comment ? (
              <Button
                type="button"
                variant="outline"
                disabled={test.isPending}
                onClick={() => test.mutate(rule)}
              >
                Test on recent comments
              </Button>
            ) : null}
          </div>
          {test.data ? (
            <section aria-label="Recent comments" className="space-y-1 text-sm">
              <p className="font-medium text-slate-900">
                {test.data.items.filter((item) => item.matches).length} of the last{" "}
                {test.data.items.length} comments would match (nothing is sent).
              </p>
              <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                {test.data.items.map((item) => (
                  <li
                    key={item.id}
                    className={
                      item.matches ? "bg-emerald-50 px-3 py-1.5" : "px-3 py-1.5 text-slate-500"
                    }
                  >
                    <span className="font-medium">@{item.username ?? "someone"}</span> {item.text}
                    {item.matches ? (
                      <span className="ml-2 text-xs font-semibold text-emerald-800">matches</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </form>
      </SheetContent>
    </Sheet>
  );
}
