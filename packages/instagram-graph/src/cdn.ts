// The allow-list lives in contracts so that the web app applies the same rule (spec §5, contract §9).
export { isMetaCdnUrl, SANDBOX_CDN_SEGMENT } from "@sightline/contracts";
