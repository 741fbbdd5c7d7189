import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { toast } from "../../../lib/toast.ts";
import { useDisconnectInstagram } from "../api/disconnect-instagram.ts";

/** Confirms the disconnect; posts published through Sightline are kept unless unticked. */
export function DisconnectInstagramDialog({
  username,
  open,
  onOpenChange,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("instagram");
  const [keepPublishedHistory, setKeepPublishedHistory] = useState(true);
  const disconnect = useDisconnectInstagram();

  function confirm() {
    disconnect.mutate(
      { keepPublishedHistory },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success(t("disconnect.done"));
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("disconnect.cancel")}>
        <DialogTitle className="pr-8">{t("disconnect.title", { username })}</DialogTitle>
        <DialogDescription className="mt-2">{t("disconnect.body")}</DialogDescription>
        <label className="mt-5 flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={keepPublishedHistory}
            onChange={(event) => setKeepPublishedHistory(event.target.checked)}
          />
          <span>
            <span className="block font-medium text-slate-900">{t("disconnect.keepHistory")}</span>
            <span className="block text-slate-600">{t("disconnect.keepHistoryHint")}</span>
          </span>
        </label>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t("disconnect.cancel")}
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={disconnect.isPending}
            onClick={confirm}
          >
            {disconnect.isPending ? t("disconnect.disconnecting") : t("disconnect.confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
