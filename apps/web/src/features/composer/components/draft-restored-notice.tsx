import { Button } from "../../../components/ui/button.tsx";

/** Issue 24: a draft brought back from the browser says so, with Discard. */
export function DraftRestoredNotice({
  onDiscard,
  isDisabled,
}: {
  onDiscard: () => void;
  isDisabled: boolean;
}) {
  return (
    <div
      role="status"
      data-testid="draft-restored"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-brand-100 bg-brand-50 px-5 py-2 text-sm text-brand-900"
    >
      <span>Restored the draft you were working on.</span>
      <Button
        type="button"
        size="sm"
        variant="link"
        className="h-auto px-0"
        onClick={onDiscard}
        disabled={isDisabled}
      >
        Discard
      </Button>
    </div>
  );
}
