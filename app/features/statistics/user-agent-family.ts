/**
 * The browser and operating system of a User-Agent by family only, never a version
 * (docs/decisions/0025-visit-statistics.md). The order is the whole difficulty: Edge, Opera and
 * Samsung Internet name Chrome too, and Chrome names Safari. The session list's
 * `describeUserAgent` (auth) works the same way with other names.
 */
export const BROWSER_FAMILIES = [
  "Chrome",
  "Firefox",
  "Safari",
  "Edge",
  "Samsung Internet",
  "Opera",
  "Andere",
] as const;
export const OS_FAMILIES = ["Windows", "macOS", "iOS", "Android", "Linux", "Andere"] as const;

export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];
export type OsFamily = (typeof OS_FAMILIES)[number];

const BROWSERS: [RegExp, BrowserFamily][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, OsFamily][] = [
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function browserFamily(userAgent: string): BrowserFamily {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Andere";
}

export function osFamily(userAgent: string): OsFamily {
  return SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Andere";
}

export const SCREEN_CLASSES = ["Smartphone", "Tablet", "Computer"] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/**
 * The class of screen a browser runs on, as its User-Agent tells (no script measures the
 * screen): iPads and Android without "Mobile" are tablets, "Mobile" and iPhones are phones.
 * An iPad that asks for desktop pages names itself a Mac and counts as a computer.
 */
export function screenClass(userAgent: string): ScreenClass {
  if (/\biPad\b|\bTablet\b|\bAndroid\b(?!.*\bMobile\b)/.test(userAgent)) return "Tablet";
  if (/\bMobile\b|\biPhone\b|\biPod\b|\bAndroid\b/.test(userAgent)) return "Smartphone";
  return "Computer";
}
