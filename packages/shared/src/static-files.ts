// The files the page checks on load (kept from the original: docs/product.md#monitoring-checks),
// without zod: the check runs on every visitor's page, where the schema library would be dead
// weight.
export const MONITORED_FILES = ['/robots.txt', '/sitemap.xml'] as const;
export type MonitoredFile = (typeof MONITORED_FILES)[number];

/** A sitemap must be served as XML for crawlers to trust it; anything else is shown as a warning. */
export function isXmlContentType(contentType: string): boolean {
  return /\bxml\b/i.test(contentType);
}
