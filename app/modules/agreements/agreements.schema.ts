import { z } from "zod";
import { id as idField, int, optionalId, password, text } from "~/lib/fields";

/** Inputs of the agreements' services (issue 11). Safe for the browser. */

const id = (what: string) => idField(`Choose ${what}.`);

export const AgreementIdSchema = z.object({ agreementId: id("an agreement") });

export const SendAgreementSchema = z.object({
  agreementId: id("an agreement"),
  titleCompanyId: optionalId("Choose a title company."),
});

/** A drawn signature: a PNG data URL of at most about 200 KB. */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
export const MAX_SIGNATURE_CHARS = 280_000;

export const SignAgreementSchema = z
  .object({
    agreementId: id("an agreement"),
    legalName: text({
      label: "Your legal name",
      min: 2,
      max: 200,
      required: "Confirm your full legal name.",
      invalid: "Your legal name has characters that are not allowed.",
    }),
    method: z.enum(["drawn", "typed"], { error: "Draw your signature or type your name." }),
    imagePng: z
      .string({ error: "The signature drawing could not be read: clear it and sign again." })
      .max(MAX_SIGNATURE_CHARS, "The signature drawing is too large: clear it and sign again.")
      .regex(PNG_DATA_URL, "The signature drawing could not be read: clear it and sign again.")
      .optional(),
    /** The initials for each of the four sections, in order. */
    initials: z
      .array(
        z
          .string()
          .trim()
          .min(1, "Initial every section.")
          .max(6, "Initials are at most 6 letters.")
          .regex(/^[\p{L}.\- ]+$/u, "Initials are letters only."),
        { error: "Initial every section." },
      )
      .length(4, "Initial each of the four sections."),
    password: password({ max: 200, required: "Enter your password to sign." }),
    /** The seller's section 3 declarations: a foreign person for US tax, a resident of the resort's state. */
    sellerForeign: z.enum(["yes", "no"], { error: "Say whether you are a foreign person for US tax." }).optional(),
    sellerStateResident: z
      .enum(["yes", "no"], { error: "Say whether you are a resident of the resort's state." })
      .optional(),
  })
  .refine((v) => v.method === "typed" || !!v.imagePng, {
    message: "Draw your signature, or choose to type your name instead.",
    path: ["imagePng"],
  });
export type SignAgreementInput = z.infer<typeof SignAgreementSchema>;

/** The sign page's report that a party scrolled a contract section into view. */
export const SectionViewedSchema = z.object({
  agreementId: id("an agreement"),
  section: int({ min: 1, max: 4, message: "Choose a section of the contract." }),
});

export const SubmitRofrSchema = z.object({
  agreementId: id("an agreement"),
  submittedOn: z
    .string({ error: "Give the date the contract went to the developer." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), "That is not a real date."),
});

export const RofrAnswerSchema = z.object({
  agreementId: id("an agreement"),
  result: z.enum(["waived", "exercised"], { error: "Choose waived or exercised." }),
});

export const CancelAgreementSchema = z.object({
  agreementId: id("an agreement"),
  reason: text({ label: "The reason", min: 3, max: 500, multiline: true, required: "Give a reason for cancelling." }),
});

export const MessagePartiesSchema = z.object({
  agreementId: id("an agreement"),
  to: z.enum(["both", "buyer", "seller"], { error: "Choose who gets the message." }),
  message: text({ label: "The message", min: 3, max: 1000, multiline: true, required: "Write the message." }),
});

// ---------------------------------------------------------------------------------------------------------------
// Addenda (decision 0036): corrections to a sealed agreement, signed by both parties the same way.

const addendumNumber = int({ min: 1, max: 32_767, message: "Choose an addendum." });

export const ADDENDUM_LIMITS = { titleMin: 3, titleMax: 120, textMin: 10, textMax: 5000 } as const;

export const CreateAddendumSchema = z.object({
  agreementId: id("an agreement"),
  title: text({
    label: "The addendum's title",
    min: ADDENDUM_LIMITS.titleMin,
    max: ADDENDUM_LIMITS.titleMax,
    required: "Give the addendum a title.",
    tooShort: "Give the addendum a title of at least 3 characters.",
    invalid: "The addendum's title has characters that are not allowed.",
  }),
  text: text({
    label: "The addendum's text",
    min: ADDENDUM_LIMITS.textMin,
    max: ADDENDUM_LIMITS.textMax,
    multiline: true,
    required: "Write the addendum's text.",
    tooShort: "Write the addendum's text: at least 10 characters.",
    invalid: "The addendum's text has characters that are not allowed.",
  }),
});
export type CreateAddendumInput = z.infer<typeof CreateAddendumSchema>;

export const AddendumRefSchema = z.object({ agreementId: id("an agreement"), number: addendumNumber });

/** As the agreement's signature (the same fields and messages), with one initials field for the addendum. */
const signing = SignAgreementSchema.shape;
export const SignAddendumSchema = z
  .object({
    agreementId: signing.agreementId,
    number: addendumNumber,
    legalName: signing.legalName,
    method: signing.method,
    imagePng: signing.imagePng,
    initials: z
      .string({ error: "Initial the addendum." })
      .trim()
      .min(1, "Initial the addendum.")
      .max(6, "Initials are at most 6 letters.")
      .regex(/^[\p{L}.\- ]+$/u, "Initials are letters only."),
    password: signing.password,
  })
  .refine((v) => v.method === "typed" || !!v.imagePng, {
    message: "Draw your signature, or choose to type your name instead.",
    path: ["imagePng"],
  });
export type SignAddendumInput = z.infer<typeof SignAddendumSchema>;

export const WithdrawAddendumSchema = z.object({
  agreementId: id("an agreement"),
  /** The addendum out for signature when not given. */
  number: addendumNumber.optional(),
  reason: text({
    label: "The reason",
    min: 3,
    max: 500,
    required: "Give a reason for withdrawing the addendum.",
    invalid: "The reason has characters that are not allowed.",
  }),
});
