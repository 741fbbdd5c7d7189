export interface DeviceDescription {
  browser: string;
  os: string;
  device: "desktop" | "mobile" | "tablet" | "unknown";
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)|\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\b(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b.*?OS (\d+)/, "iOS"],
  [/\biPad\b.*?OS (\d+)/, "iPadOS"],
  [/\bAndroid (\d+)/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows NT\b/, "Windows"],
  [/\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A readable device line from a User-Agent header ("Chrome 131 · macOS"). Deliberately small:
 * the sessions list needs a name a person recognises, not a full device database.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = (userAgent ?? "").slice(0, 512);
  let browser = "Unknown browser";
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match.slice(1).find(Boolean);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  if (browser === "Unknown browser" && /^(?:node|undici|curl|Wget|python)/i.test(ua)) {
    browser = ua.split(/[ /]/)[0] ?? browser;
  }
  let os = "Unknown system";
  for (const [pattern, name] of systems) {
    const match = pattern.exec(ua);
    if (match) {
      os = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const device = /\biPad\b|\bTablet\b|Android(?!.*Mobile)/.test(ua)
    ? "tablet"
    : /\bMobile\b|\biPhone\b/.test(ua)
      ? "mobile"
      : ua
        ? "desktop"
        : "unknown";
  return { browser, os, device };
}
