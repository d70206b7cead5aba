/**
 * What a contract PDF is made from (issue 11; decision 0035): a plain object the agreement workflow fills from the
 * agreement, the parties' profiles, the resort and the title company. No database types: the PDF code never reads
 * the database.
 */

export type Side = "buyer" | "seller";
export type Payer = "buyer" | "seller" | "split";

export type ContractParty = {
  /** Legal name(s) as they sign; several names for joint buyers. */
  legalNames: string[];
  /** Mailing address on one line. */
  address: string;
  email?: string | null;
  phone?: string | null;
};

export type ContractResort = {
  code: string;
  name: string;
  location?: string | null;
  contractEndYear: number | null;
  extendedEndYear?: number | null;
  isInterval?: boolean;
};

export type TitleCompanyFees = {
  closingFeeCents: number;
  recordingFeeCents: number;
  titleSearchCents: number;
  estoppelFeeCents: number;
};

export type ContractTitleCompany = {
  name: string;
  contactName?: string | null;
  email?: string | null;
  phone?: string | null;
  /** As the administrator entered them: several lines of plain text. */
  wireInstructions: string;
  fees?: TitleCompanyFees | null;
};

/** Withholding rates in basis points (1500 = 15%), from data; the defaults are DOMAIN.md's. */
export type WithholdingRates = {
  firptaBps: number;
  harptaBps: number;
  /** Resort codes in Hawaii, where HARPTA applies (besides a location ending in ", HI"). */
  harptaResortCodes: string[];
};

/** The seller's section 3 answers, given at signing: foreign person for US tax (FIRPTA), resident of the state (HARPTA). */
export type SellerDeclaration = { foreign: boolean; stateResident: boolean | null };

export type SignatureStamp = {
  legalName: string;
  method: "drawn" | "typed";
  /** A PNG data URL (`data:image/png;base64,...`) for a drawn signature. */
  imagePng?: string | null;
  signedAt: Date;
  /** The sections initialled (1-4) with the initials typed and when. */
  initials?: { section: number; initials: string; at: Date | string }[];
};

export type ContractInput = {
  agreementId: number;
  /** Printed in every footer; default `formatAgreementNumber(agreementId)`. */
  agreementNumber?: string;
  /** The date the contract was generated (the resale rules in force are those of this date). */
  contractDate: Date;
  buyer: ContractParty & { deedNames?: string[] };
  seller: ContractParty & {
    /** user_settings.firstSentenceOfContract: opens section 1 when set. */
    firstSentenceOfContract?: string | null;
    /**
     * What the seller declared for section 3 when signing (decision 0056): null until they sign. The profile's
     * residency never ticks a box: only the seller's own answer does.
     */
    declared?: SellerDeclaration | null;
  };
  resort: ContractResort;
  terms: {
    points: number;
    /** 1-12: the use year month. */
    useMonth: number;
    /** The points that come with the contract per use year, when the listing gives them. */
    pointsPerUseYear?: { label: string; points: number }[];
    pricePerPointCents: number;
    totalCents: number;
    depositCents: number;
    depositDueHours?: number;
    duesPaidBy: Payer;
    closingCostsPaidBy: Payer;
    estoppelPaidBy?: Payer;
    financing: "cash" | "loan";
    /** ISO date (YYYY-MM-DD) or null. */
    targetClosingDate: string | null;
  };
  titleCompany: ContractTitleCompany | null;
  /**
   * What the company sets for its contracts (/admin/tweaks "Contract", decision 0093). Absent: read from the settings
   * when rendered with the database, else the declared defaults.
   */
  house?: ContractHouseTerms;
  withholding?: Partial<WithholdingRates>;
  signatures?: Partial<Record<Side, SignatureStamp>>;
  paper?: "letter" | "a4";
};

/**
 * What an addendum's PDF is made from (decision 0036): the agreement it amends, its parties and resort, the addendum's
 * number, title and text (the same line marks as a section), and the signatures made so far (one initial each).
 */
export type AddendumInput = {
  agreementId: number;
  number: number;
  title: string;
  text: string;
  /** When the addendum was written. */
  createdAt: Date;
  /** When the agreement it amends was sealed. */
  agreementSealedAt: Date | null;
  buyer: Pick<ContractParty, "legalNames">;
  seller: Pick<ContractParty, "legalNames">;
  resort: Pick<ContractResort, "code" | "name">;
  points: number;
  signatures?: Partial<Record<Side, SignatureStamp>>;
  paper?: "letter" | "a4";
};

/** A section as rendered: its number, title and the text with its line marks. */
export type ContractSectionText = { number: number; key: string; title: string; text: string };

/** A signer on the certificate page. */
export type SealSigner = {
  side: Side;
  name: string;
  email?: string | null;
  signedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  method?: "drawn" | "typed";
};

/** An audit trail event on the certificate page. */
export type SealAuditEvent = {
  at: Date;
  event: string;
  /** Who: a name, or "buyer"/"seller"/"administrator for the buyer". */
  actor?: string | null;
  section?: number | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  note?: string | null;
};

/** The agreement's number as every page, mail and file shows it (VPM-000123): one helper, in `~/lib/format`. */
export { formatAgreementNumber } from "~/lib/format";

/** /admin/tweaks "Contract": the company's address as printed, the governing state, the target closing period. */
export type ContractHouseTerms = { companyAddress: string; governingState: string; closingTargetDays: number };
