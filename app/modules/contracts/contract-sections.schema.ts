import { z } from "zod";

/** The forms of /admin/contract-sections (issue 11): shared by the page and contract-sections.server.ts. */

/** The number of the contract's sections (CONTRACT_SECTIONS; the templates are server-only). */
export const CONTRACT_SECTION_COUNT = 4;

export const SECTION_TITLE_MAX = 200;
export const SECTION_BODY_MAX = 50_000;

const sectionNumber = z.coerce
  .number({ error: "Choose a section." })
  .int("Choose a section.")
  .min(1, "Choose a section.")
  .max(CONTRACT_SECTION_COUNT, "Choose a section.");

/** A section's draft: its title (the template's subject) and its body (the template's text). */
export const SectionDraftSchema = z.object({
  section: sectionNumber,
  title: z
    .string({ error: "Enter the section's title." })
    .trim()
    .min(1, "Enter the section's title.")
    .max(SECTION_TITLE_MAX, `Keep the title under ${SECTION_TITLE_MAX} characters.`),
  body: z
    .string({ error: "Enter the section's text." })
    .refine((s) => s.trim().length > 0, "Enter the section's text.")
    .refine(
      (s) => s.length <= SECTION_BODY_MAX,
      `Keep the text under ${SECTION_BODY_MAX.toLocaleString("en-US")} characters.`,
    ),
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
