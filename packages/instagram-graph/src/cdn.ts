// The allow-list lives in contracts so that the web app applies the same rule (§5, §9).
export { isMetaCdnUrl, SANDBOX_CDN_SEGMENT } from "@sightline/contracts";
