/**
 * The original product's text-safety check (docs/product.md#previews): flags text that looks like
 * it would run script if a page rendered it as markup. Previews never render markup, so this only
 * decides whether a warning badge shows; it never replaces escaping
 * (docs/decisions/006-security-rules-for-all-input.md).
 */
const SCRIPT_LIKE_PATTERNS: readonly RegExp[] = [
  /<\s*script\b/i,
  // An on*= attribute inside a tag (`<img src=x onerror=…>`); bounded so a huge tag stays linear.
  /<[a-z][^>]{0,1000}?[\s/"']on[a-z]+\s*=/i,
  // Browsers drop tabs and newlines inside URL schemes, so `java\tscript:` runs too.
  /\b(?:java|vb)\s*script\s*:/i,
  /\b(?:eval|alert)\s*\(/i,
  /\bdocument\s*\.\s*(?:cookie|write)/i,
  /\b(?:window|document)\s*\.\s*location\b/i,
  /\blocation\s*\.\s*href\b/i,
  /\.\s*(?:inner|outer)HTML\b/i,
];

export function containsScriptLikeContent(text: string): boolean {
  return SCRIPT_LIKE_PATTERNS.some((pattern) => pattern.test(text));
}
