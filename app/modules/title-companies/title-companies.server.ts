import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import {
  clearOtherDefaults,
  countOpenAgreementsOf,
  lockDefaultChoice,
  markDefault,
  selectCostRows,
  selectDefaultCompany,
  selectLiveCompany,
  selectLiveCompanyForUpdate,
  selectOtherDefault,
  selectResortLocation,
  selectSameCostRow,
  softDeleteCompany,
  type TitleCompanyRow,
} from "./title-companies.queries.server";
import { stateOfLocation } from "./us-states";

type Conn = Db | Tx;

/** A title company (escrow) as the rest of the product sees it. */
export type TitleCompany = {
  id: number;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  /** Bank, routing and account as the buyer must wire them: plain text, shown as it is. */
  wireInstructions: string;
  /** Two-letter state codes the company closes in. */
  statesServed: string[];
  isDefault: boolean;
};

/** Which cost row applied: one for the resort, one for the state, the company's general row, or none at all. */
export type ClosingCostsSource = "resort" | "state" | "general" | "none";

/** A title company's fees for one deal (integer cents), from the most specific row of its cost table. */
export type ClosingCosts = {
  company: TitleCompany;
  /** The company's wire instructions (the deposit and the closing funds are wired by them). */
  wireInstructions: string;
  source: ClosingCostsSource;
  /** True when the company has no row that applies: every fee is 0 and should be checked before closing. */
  noCostTable: boolean;
  /** The `title_company_costs` row used, or null. */
  costRowId: number | null;
  /** The state the state row was looked up for (given, or from the resort's location), or null. */
  state: string | null;
  closingFeeCents: number;
  recordingFeeCents: number;
  titleSearchCents: number;
  estoppelFeeCents: number;
};

function companyOf(row: TitleCompanyRow): TitleCompany {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    wireInstructions: row.wireInstructions,
    statesServed: [...row.statesServed],
    isDefault: row.isDefault,
  };
}

/** The default title company (the one a new agreement gets), or null when none is set up. */
export async function defaultTitleCompany(db: Conn): Promise<TitleCompany | null> {
  const row = await selectDefaultCompany(db);
  return row ? companyOf(row) : null;
}

/** One live (not deleted) title company, or null. */
export async function titleCompanyById(db: Conn, id: number): Promise<TitleCompany | null> {
  const row = await selectLiveCompany(db, id);
  return row ? companyOf(row) : null;
}

/**
 * The closing costs of a deal: the company's cost row for the resort, else its row for the state (given, or read
 * from the resort's location: "Ko Olina, Oahu, HI" is HI, Walt Disney World is FL), else its general row (no resort,
 * no state), else zeros with `noCostTable`. Without `companyId`, the default company. Null when there is no such
 * live company (or no default).
 */
export async function closingCostsFor(
  db: Conn,
  args: { companyId?: number | null; resortId?: number | null; state?: string | null },
): Promise<ClosingCosts | null> {
  const row = args.companyId ? await selectLiveCompany(db, args.companyId) : await selectDefaultCompany(db);
  if (!row) return null;
  const company = companyOf(row);
  let state = args.state ? args.state.trim().toUpperCase() : null;
  if (!state && args.resortId) {
    const location = await selectResortLocation(db, args.resortId);
    state = location ? stateOfLocation(location) : null;
  }
  const rows = await selectCostRows(db, company.id);
  const candidates: [ClosingCostsSource, (typeof rows)[number] | undefined][] = [
    ["resort", args.resortId ? rows.find((r) => r.resortId === args.resortId) : undefined],
    ["state", state ? rows.find((r) => r.resortId === null && r.state === state) : undefined],
    ["general", rows.find((r) => r.resortId === null && r.state === null)],
  ];
  const [source, cost] = candidates.find(([, r]) => r) ?? ["none", undefined];
  return {
    company,
    wireInstructions: company.wireInstructions,
    source,
    noCostTable: !cost,
    costRowId: cost?.id ?? null,
    state,
    closingFeeCents: cost?.closingFeeCents ?? 0,
    recordingFeeCents: cost?.recordingFeeCents ?? 0,
    titleSearchCents: cost?.titleSearchCents ?? 0,
    estoppelFeeCents: cost?.estoppelFeeCents ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The admin screens' rules (called by the resources, inside the engine's transaction)

/**
 * Whether a company being saved is the default, keeping exactly one: ticking it clears every other company's flag
 * in this transaction; the first company becomes the default whatever was ticked; unticking the default is refused
 * (another company must be made the default instead, so there is never none).
 */
export async function settleDefaultFlag(
  tx: Tx,
  args: { id: number | null; wanted: boolean; wasDefault: boolean },
): Promise<boolean> {
  await lockDefaultChoice(tx);
  if (args.wanted) {
    await clearOtherDefaults(tx, args.id);
    return true;
  }
  if (args.wasDefault) {
    const message =
      "This is the default company. To change the default, open another company and tick “Default company” there.";
    throw new AppError("BAD_INPUT", message, { is_default: [message] });
  }
  return (await selectOtherDefault(tx, args.id)) === null;
}

/** The row action "Make default": this company becomes the one default, the others are cleared. */
export async function makeDefaultTitleCompany(tx: Tx, id: number) {
  await lockDefaultChoice(tx);
  const row = await selectLiveCompanyForUpdate(tx, id);
  if (!row) throw new AppError("NOT_FOUND", "There is no such title company (it may have been deleted).");
  await clearOtherDefaults(tx, id);
  await markDefault(tx, id);
}

/**
 * Deletes a company (it is kept with `deleted_at` for the agreements that name it). Refused for the default company
 * and for one an agreement in progress (neither closed nor cancelled) still uses.
 */
export async function deleteTitleCompany(tx: Tx, id: number) {
  await lockDefaultChoice(tx);
  const row = await selectLiveCompanyForUpdate(tx, id);
  if (!row) throw new AppError("NOT_FOUND", "There is no such title company (it may have been deleted already).");
  if (row.isDefault) {
    throw new AppError(
      "CONFLICT",
      `“${row.name}” is the default title company and cannot be deleted: make another company the default first.`,
    );
  }
  const open = await countOpenAgreementsOf(tx, id);
  if (open > 0) {
    throw new AppError(
      "CONFLICT",
      `“${row.name}” cannot be deleted: ${open === 1 ? "an agreement in progress uses it" : `${open} agreements in progress use it`}. It can be deleted once ${open === 1 ? "that agreement is" : "they are"} closed or cancelled.`,
    );
  }
  await softDeleteCompany(tx, id);
}

/**
 * Checks a cost row about to be written: its company is a live one, its resort exists, and the company has no other
 * row for the same resort or state (or a second general row).
 */
export async function checkCostRow(
  tx: Tx,
  args: { id: number | null; companyId: number; resortId: number | null; state: string | null },
) {
  if (!(await selectLiveCompany(tx, args.companyId))) {
    throw new AppError("BAD_INPUT", "Choose one of the title companies.", {
      company_id: ["Choose one of the title companies."],
    });
  }
  if (args.resortId !== null && (await selectResortLocation(tx, args.resortId)) === null) {
    throw new AppError("BAD_INPUT", "Choose one of the resorts.", { resort_id: ["Choose one of the resorts."] });
  }
  const same = await selectSameCostRow(tx, {
    companyId: args.companyId,
    resortId: args.resortId,
    state: args.state,
    exceptId: args.id,
  });
  if (same) {
    const [field, what] =
      args.resortId !== null
        ? ["resort_id", "this resort"]
        : args.state !== null
          ? ["state", "this state"]
          : ["company_id", "all its resorts (the general row)"];
    const message = `This company already has a cost row for ${what}: edit that row instead.`;
    throw new AppError("BAD_INPUT", message, { [field]: [message] });
  }
}
