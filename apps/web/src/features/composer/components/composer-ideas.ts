import type { ReactNode } from "react";

/** An idea the composer can take: its caption and hashtags fill an empty draft. */
export type ComposerIdea = { caption: string; hashtags: string[] };

/**
 * Ideas shown on an empty draft, rendered by whoever mounts the composer (the app layout passes
 * the AI team's Creator), given the function that fills the draft.
 */
export type ComposerIdeas = (use: (idea: ComposerIdea) => void) => ReactNode;
