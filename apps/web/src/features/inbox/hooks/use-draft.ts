import { useCallback, useState } from "react";

/** Drafts per conversation for this tab: switching threads never loses what was typed. */
const drafts = new Map<string, string>();

export function useDraft(key: string): [string, (text: string) => void] {
  const [state, setState] = useState(() => ({ key, text: drafts.get(key) ?? "" }));
  const text = state.key === key ? state.text : (drafts.get(key) ?? "");
  const setText = useCallback(
    (next: string) => {
      if (next) drafts.set(key, next);
      else drafts.delete(key);
      setState({ key, text: next });
    },
    [key],
  );
  return [text, setText];
}
