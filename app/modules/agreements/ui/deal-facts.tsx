import { Link } from "~/components/ui/link";
import { formatDateTimeEastern } from "~/lib/format-dates";

type Party = { name: string; email: string; adminPath: string } | null;

type DealFactsProps = {
  agreement: {
    statusLabel: string;
    ended: boolean;
    points: number;
    useYear: string;
    listingCode: string;
    listingPath: string;
    total: string;
    rofr: string;
  };
  buyer: Party;
  seller: Party;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function PartyLink({ party, none }: { party: Party; none: string }) {
  if (!party) return <>{none}</>;
  return (
    <>
      <Link to={party.adminPath} className="text-sky-800 underline">
        {party.name}
      </Link>
      <span className="block text-sm text-slate-600">{party.email}</span>
    </>
  );
}

/** The deal at a glance for the back office: the contract, the listing, the price, the stage, ROFR and the parties. */
export function DealFacts({ agreement: a, buyer, seller }: DealFactsProps) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
      <Fact label="Contract">
        {a.points} points, {a.useYear} use year
      </Fact>
      <Fact label="Listing">
        <Link to={a.listingPath} className="text-sky-800 underline">
          {a.listingCode}
        </Link>
      </Fact>
      <Fact label="Price">{a.total}</Fact>
      <Fact label="Stage">
        <strong>{a.statusLabel}</strong>
        {a.ended && <span className="text-slate-700"> (the deal ended)</span>}
      </Fact>
      <Fact label="Right of first refusal (ROFR)">{a.rofr}</Fact>
      <Fact label="Buyer">
        <PartyLink party={buyer} none="Unknown" />
      </Fact>
      <Fact label="Seller">
        <PartyLink party={seller} none="A broker's listing" />
      </Fact>
    </dl>
  );
}

const answer = (v: boolean | null) => (v === null ? "Not declared yet" : v ? "Yes" : "No");

/**
 * The seller's tax declarations, made when signing (contract section 3): a foreign person for US tax (FIRPTA
 * withholding) and a resident of the resort's state (HARPTA withholding, Hawaii). Null: not declared yet.
 */
export function SellerTaxDeclarations({
  taxes,
}: {
  taxes: {
    residencyState: string | null;
    foreign: boolean | null;
    stateResident: boolean | null;
    declaredAt: string | null;
  };
}) {
  return (
    <section aria-labelledby="taxes-heading">
      <h2 id="taxes-heading" className="text-lg font-semibold text-slate-900">
        Seller's tax declarations
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-3">
        <Fact label="A foreign person for US tax (FIRPTA)">{answer(taxes.foreign)}</Fact>
        {taxes.residencyState ? (
          <Fact label={`A resident of ${taxes.residencyState} (HARPTA)`}>{answer(taxes.stateResident)}</Fact>
        ) : (
          <Fact label="State withholding">None for this resort's state: not asked</Fact>
        )}
        <Fact label="Declared">
          {taxes.declaredAt ? `${formatDateTimeEastern(taxes.declaredAt)} Eastern` : "Not yet"}
        </Fact>
      </dl>
    </section>
  );
}
