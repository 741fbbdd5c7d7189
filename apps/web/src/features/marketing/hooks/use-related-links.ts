import type { RelatedLink } from "../components/detail-page.tsx";
import { featureLinks, solutionLinks } from "../config/site.ts";
import { commonCopy } from "../copy/common.ts";
import { useCopy } from "../copy/define-copy.ts";

type FeatureKey = (typeof featureLinks)[number]["key"];
type SolutionKey = (typeof solutionLinks)[number]["key"];

/** The other feature pages, for the "More features" list at the end of a feature page. */
export function useRelatedFeatures(current: FeatureKey): RelatedLink[] {
  const copy = useCopy(commonCopy);
  return featureLinks
    .filter((link) => link.key !== current)
    .map((link) => ({ href: link.href, ...copy.nav.featureItems[link.key] }));
}

/** The other solution pages, then the features a solution page leans on most. */
export function useRelatedSolutions(current: SolutionKey, features: FeatureKey[]): RelatedLink[] {
  const copy = useCopy(commonCopy);
  return [
    ...solutionLinks
      .filter((link) => link.key !== current)
      .map((link) => ({ href: link.href, ...copy.nav.solutionItems[link.key] })),
    ...featureLinks
      .filter((link) => features.includes(link.key))
      .map((link) => ({ href: link.href, ...copy.nav.featureItems[link.key] })),
  ];
}
