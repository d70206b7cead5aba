import { z } from "zod";
import { int, text } from "~/lib/fields";
import { formatNumber } from "~/lib/format";

/** The forms of /admin/contract-sections (issue 11): shared by the page and contract-sections.server.ts. */

/** The number of the contract's sections (CONTRACT_SECTIONS; the templates are server-only). */
export const CONTRACT_SECTION_COUNT = 4;

export const SECTION_TITLE_MAX = 200;
export const SECTION_BODY_MAX = 50_000;

const sectionNumber = int({ min: 1, max: CONTRACT_SECTION_COUNT, message: "Choose a section." });

/** A section's draft: its title (the template's subject) and its body (the template's text). */
export const SectionDraftSchema = z.object({
  section: sectionNumber,
  title: text({
    label: "The title",
    max: SECTION_TITLE_MAX,
    required: "Enter the section's title.",
    tooLong: `Keep the title under ${SECTION_TITLE_MAX} characters.`,
  }),
  // A template: kept as typed (not trimmed), line breaks and tabs allowed.
  body: text({
    label: "The text",
    max: SECTION_BODY_MAX,
    multiline: true,
    trim: false,
    required: "Enter the section's text.",
    tooLong: `Keep the text under ${formatNumber(SECTION_BODY_MAX)} characters.`,
  }).refine((s) => s.trim().length > 0, "Enter the section's text."),
});
export type SectionDraft = z.output<typeof SectionDraftSchema>;

export const SectionRestoreSchema = z.object({ section: sectionNumber });

export type ContractSectionView = {
  number: number;
  key: string;
  description: string;
  title: string;
  body: string;
  /** True when an administrator's version is stored (else the code default is shown). */
  overridden: boolean;
  /** Changes when the stored text changes (the page remounts the section's form). */
  version: string;
};
