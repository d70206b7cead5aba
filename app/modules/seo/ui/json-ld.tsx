import { jsonLdText } from "../json-ld";

/** A page's structured data (schema.org JSON-LD). */
export function JsonLd({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD needs raw script text; jsonLdText escapes "<".
  return <script type="application/ld+json" data-json-ld dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />;
}
