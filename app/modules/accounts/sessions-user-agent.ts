/**
 * A person-readable name for the browser and device of a user agent string, for the browser sessions list
 * ("Chrome on Windows", "Safari on iPhone"). Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua?.trim()) return "Unknown browser";
  const browser = (
    [
      [/Edg(e|A|iOS)?\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser\//, "Samsung Internet"],
      [/Firefox\/|FxiOS\//, "Firefox"],
      [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
      [/Version\/[\d.]+.*Safari\//, "Safari"],
      [/curl\//, "curl"],
    ] as const
  ).find(([re]) => re.test(ua))?.[1];
  const device = (
    [
      [/iPhone/, "iPhone"],
      [/iPad/, "iPad"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/CrOS/, "ChromeOS"],
      [/Mac OS X|Macintosh/, "Mac"],
      [/Linux/, "Linux"],
    ] as const
  ).find(([re]) => re.test(ua))?.[1];
  const name = ua.includes("HeadlessChrome") ? "Chrome (headless)" : browser;
  if (name && device) return `${name} on ${device}`;
  if (name) return name;
  if (device) return `A browser on ${device}`;
  return "Unknown browser";
}
