import type { PlanRequired } from "@sightline/contracts";
import { type ComponentType, useEffect, useState } from "react";
import { onPlanRequired } from "../../../lib/api-error.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useBilling } from "../api/get-billing.ts";

type Host = ComponentType<{ initial?: PlanRequired | null }>;
let loadedHost: Host | undefined;

/**
 * The Upgrade dialog's place in the app frame, without its code (the dialog primitives and the
 * plan tables, issue 27 point 3): the first refusal loads upgrade-dialog.tsx, which opens with it
 * and listens from then on. The owner's billing state is read at once, as before, so the dialog
 * opens with its Upgrade button.
 */
export function DeferredUpgradeDialog() {
  const [loaded, setLoaded] = useState<{ Host: Host; first: PlanRequired | null } | null>(() =>
    loadedHost ? { Host: loadedHost, first: null } : null,
  );
  useBilling({ enabled: useCan("owner") });
  useEffect(() => {
    if (loaded) return;
    let current = true;
    // The newest refusal while the code loads is the one the dialog opens with.
    let latest: PlanRequired | null = null;
    const stop = onPlanRequired((detail) => {
      const first = latest === null;
      latest = detail;
      if (!first) return;
      import("./upgrade-dialog.tsx").then(
        ({ UpgradeDialogHost }) => {
          loadedHost = UpgradeDialogHost;
          if (current) setLoaded({ Host: UpgradeDialogHost, first: latest });
        },
        () => {
          // The code did not arrive (offline, a new deploy): the next refusal asks again.
          latest = null;
        },
      );
    });
    return () => {
      current = false;
      stop();
    };
  }, [loaded]);
  if (!loaded) return null;
  return <loaded.Host initial={loaded.first} />;
}
