import { defineTemplate, type TemplateDef } from "~/lib/templates.server";

/**
 * The purchase contract's four sections (issue 11; decision 0035): LiquidJS templates stored as data with these code
 * defaults (decision 0025, kind `contract-section`). An administrator's version of a key lives in
 * `message_templates.text` and is used instead of the default; a version that fails to render falls back to it.
 *
 * The text is plain. The PDF layout reads a few line marks:
 * - a blank line ends a paragraph; a single line break is kept;
 * - `## Heading` is a numbered clause heading;
 * - `- item` is a bullet;
 * - `[ ] text` and `[x] text` are a checkbox, empty or ticked;
 * - `____` is a blank to fill in by hand.
 */

/** The variables every section may use (the editor's list; `validateTemplate` checks against it). */
export const CONTRACT_VARIABLES = {
  site: "The site's name (Vacation Points Market)",
  agreement_number: "The agreement's number, as printed in the footer (VPM-000123)",
  contract_date: "The date the contract was generated (e.g. March 3, 2026)",
  buyer_names: "The buyer's legal names, joined with “and”",
  buyer_address: "The buyer's mailing address on one line",
  deed_names: "The names to appear on the deed, joined with “and”",
  seller_name: "The seller's legal name",
  seller_address: "The seller's mailing address on one line",
  first_sentence: "The seller's first sentence of contract (their settings), or empty",
  resort_name: "The resort's name",
  resort_code: "The resort's code (AKV, BLT ...)",
  resort_location: "Where the resort is (may be empty)",
  contract_end: "The date the ownership interest ends (January 31, 2057), or empty",
  points: "The contract's annual points, a number (160)",
  points_words: "The contract's annual points with the word, singular for one (“160 points”, “1 point”)",
  vacation_points: "The same as “160 vacation points” (“1 vacation point”)",
  use_year_month: "The use year month (February ... December)",
  a_use_year: "The use year with its article (“a February use year”, “an August use year”)",
  points_per_use_year:
    "The points that come with the contract, a list of { label, points, points_words } (may be empty)",
  price_per_point: "The price per point as an amount ($125, $125.50); the text says “a point” after it",
  total_price: "The purchase price ($20,000; cents when it has some)",
  financing_text: "How the buyer pays: “in cash” or “with a loan ...”",
  deposit: "The deposit ($2,000; cents when it has some)",
  deposit_hours: "Hours the buyer has to wire the deposit after both sign (72)",
  deposit_hours_words: "The same with the word (“72 hours”, “1 hour”)",
  dues_text: "Who pays the current year's annual dues, as a sentence",
  closing_costs_text: "Who pays the closing costs, as a sentence",
  target_closing_date:
    "The target closing date: the agreement's, else the contract date plus the days set in /admin/tweaks “Contract”, or “as soon as practical”",
  company_address: "The company's address as printed on the contract (/admin/tweaks “Contract”; may be empty)",
  governing_state: "The state whose laws govern the agreement (/admin/tweaks “Contract”; Florida)",
  restrictions: "The resale restrictions that apply, a list of { title, detail, since }",
  restrictions_count: "How many resale restrictions apply",
  firpta_rate: "The FIRPTA withholding rate (15%)",
  harpta_rate: "The HARPTA withholding rate (7.25%)",
  harpta_applies: "True when the resort is in Hawaii (Aulani)",
  seller_declared: "True once the seller has answered section 3's questions at signing",
  seller_us_resident:
    "True or false once the seller declared, at signing, not being (true) or being (false) a foreign person; empty before",
  seller_state_resident: "True or false once the seller declared Hawaii residency at signing (HARPTA); empty before",
  title_company_name: "The title company (closing agent) name",
  title_company_contact: "Its contact person, email and phone on one line (may be empty)",
  wire_instructions: "Its wire instructions, as the administrator entered them (several lines)",
  fees: "The closing fees, a list of { label, amount, paid_by }",
  estoppel_paid_by: "Who pays the estoppel fee (the seller, by custom)",
} as const;

const variables: Record<string, string> = { ...CONTRACT_VARIABLES };

const PURCHASE_AGREEMENT = `{% if first_sentence != blank %}{{ first_sentence }}

{% endif %}This Purchase Agreement (agreement {{ agreement_number }}, dated {{ contract_date }}) is made between {{ seller_name }}{% if seller_address != blank %}, of {{ seller_address }}{% endif %} (the “Seller”), and {{ buyer_names }}{% if buyer_address != blank %}, of {{ buyer_address }}{% endif %} (the “Buyer”), through {{ site }}{% if company_address != blank %}, of {{ company_address }}{% endif %}.

## 1. The property
The Seller sells and the Buyer buys the Seller's Disney Vacation Club ownership interest at {{ resort_name }} ({{ resort_code }}){% if resort_location != blank %}, {{ resort_location }}{% endif %} (the “Contract”): {{ vacation_points }} a year with {{ a_use_year }}.{% if contract_end != blank %} The ownership interest ends on {{ contract_end }}.{% endif %}
{% if points_per_use_year.size > 0 %}
Points that come with the Contract at closing:
{% for p in points_per_use_year %}- {{ p.label }}: {{ p.points_words }}
{% endfor %}Banked points must be used by the end of the next use year. Points the Seller has reserved for a stay before closing transfer only as the parties agree in writing.
{% endif %}
Title will be taken in the name of: {{ deed_names }}.

## 2. Price and deposit
The purchase price is {{ price_per_point }} a point for {{ points_words }}: {{ total_price }} in all (the “Purchase Price”), paid {{ financing_text }}.
The Buyer wires a deposit of {{ deposit }} to the escrow account of the closing agent named in section 4 within {{ deposit_hours_words }} after both parties have signed. The deposit counts toward the Purchase Price. The balance is wired to the same escrow account before closing. No money is paid to the Seller or to {{ site }} directly; the Seller is paid from escrow after the deed is recorded.

## 3. Annual dues and closing costs
{{ dues_text }}
{{ closing_costs_text }} The estoppel fee is paid by {{ estoppel_paid_by }}.

## 4. Right of first refusal
This agreement is subject to the developer's right of first refusal (ROFR). The closing agent submits it to the developer after the deposit is received. If the developer waives its right, the sale continues. If the developer exercises its right, it buys the Contract on the same terms, this agreement ends, and the Buyer's deposit is returned in full.

## 5. Closing
Target closing: {{ target_closing_date }}. Closing follows the developer's waiver of ROFR and its estoppel letter: the Seller signs the deed before a notary, the Buyer signs and wires the balance, and the closing agent records the deed. The developer then transfers the points to the Buyer's membership, usually within 10 to 14 business days.

## 6. Entire agreement
This agreement, with its resale addendum, tax withholding declarations and closing and escrow instructions, is the whole agreement of the parties. It can be changed only by an addendum signed by both.

## 7. Governing law
This agreement is governed by the laws of the State of {{ governing_state }}.`;

const RESALE_ADDENDUM = `This addendum is part of agreement {{ agreement_number }} for {{ points_words }} at {{ resort_name }}. The Buyer buys on the resale market, not from the developer. The Buyer has read and accepts these restrictions:
{% if restrictions_count > 0 %}
{% for r in restrictions %}## {{ r.title }}
{{ r.detail }} (In force since {{ r.since }}.)

{% endfor %}{% else %}
No published resale restriction applies to this contract.

{% endif %}## Right of first refusal
The developer may buy the Contract on the same terms instead of the Buyer (see section 1, clause 4). Its answer usually takes 20 to 30 days and can take longer. If it buys, the Buyer's deposit is returned in full and neither party owes the other anything more.

## Membership extras
Membership extras that the developer offers to direct purchasers, such as member discounts and member lounges, do not pass to a resale buyer. The Buyer does not rely on any of them in buying the Contract.

## The developer's rules
The Contract stays subject to the developer's declaration, membership agreement and rules, as amended from time to time, including booking windows (11 months at the home resort, 7 months elsewhere) and annual dues.`;

const TAX_WITHHOLDING = `The closing agent must withhold tax from the Seller's proceeds where the law requires it. The Seller declares the facts below; the closing agent relies on them. The rates are those in force when the contract was generated.

## FIRPTA (federal)
When the Seller is a foreign person, {{ firpta_rate }} of the gross Purchase Price is withheld and paid to the IRS (forms 8288 and 8288-A, within 20 days of closing).
{% if seller_declared %}The Seller declared when signing:{% else %}The Seller ticks one when signing (not answered yet):{% endif %}
{% if seller_us_resident == true %}[x]{% else %}[ ]{% endif %} The Seller is not a foreign person (a US citizen or resident alien, or a US entity). The Seller gives the closing agent its US taxpayer identification number on form W-9.
{% if seller_us_resident == false %}[x]{% else %}[ ]{% endif %} The Seller is a foreign person. {{ firpta_rate }} of the Purchase Price will be withheld unless the IRS has issued a withholding certificate before closing.
{% if harpta_applies %}
## HARPTA (Hawaii)
Because {{ resort_name }} is in Hawaii, when the Seller is not a Hawaii resident {{ harpta_rate }} of the amount realised is withheld and paid to the State of Hawaii (forms N-288 and N-288A). Form N-289 claims an exemption. FIRPTA and HARPTA can both apply to one sale.
{% if seller_declared %}The Seller declared when signing:{% else %}The Seller ticks one when signing (not answered yet):{% endif %}
{% if seller_state_resident == true %}[x]{% else %}[ ]{% endif %} The Seller is a resident of Hawaii.
{% if seller_state_resident == false %}[x]{% else %}[ ]{% endif %} The Seller is not a resident of Hawaii. {{ harpta_rate }} of the amount realised will be withheld unless an exemption (form N-289) or a waiver applies.
{% endif %}
## Declaration
The Seller declares, under penalties of perjury, that the facts ticked above are true, and will tell the closing agent at once if they change before closing. The Seller may owe tax beyond any amount withheld and should ask a tax adviser.`;

const CLOSING_ESCROW = `The parties instruct the closing agent below to hold the deposit and the Purchase Price in escrow and to close this sale as set out in this agreement.

## Closing agent
{{ title_company_name }}{% if title_company_contact != blank %}
{{ title_company_contact }}{% endif %}

## Wire instructions
{% if wire_instructions != blank %}{{ wire_instructions }}{% else %}The closing agent sends its wire instructions to the Buyer separately.{% endif %}

Before wiring, call the closing agent at a number you already know to confirm these instructions. The closing agent never changes its wire instructions by email.

## Fees
{% if fees.size > 0 %}{% for f in fees %}- {{ f.label }}: {{ f.amount }}, paid by {{ f.paid_by }}
{% endfor %}{% else %}The closing agent's fees are set out in its closing statement.
{% endif %}
## Instructions
- Hold the deposit in escrow. Return it to the Buyer in full if the developer exercises its right of first refusal or the sale fails for a reason this agreement gives the Buyer.
- Submit the agreement to the developer for its right of first refusal once the deposit is received, and request the estoppel letter once ROFR is waived.
- Prepare the closing statement, showing the Purchase Price, the annual dues proration, the fees above and any tax withheld under section 3.
- Send the closing documents to both parties; record the deed once the Seller's signed deed and the Buyer's funds are in.
- Pay the Seller's net proceeds after the deed is recorded.`;

export const CONTRACT_SECTIONS = [
  defineTemplate({
    key: "contract-section-1",
    kind: "contract-section",
    description: "Contract section 1: the purchase agreement (parties, property, price, deposit, dues, ROFR, closing).",
    variables,
    subject: "Purchase agreement",
    text: PURCHASE_AGREEMENT,
  }),
  defineTemplate({
    key: "contract-section-2",
    kind: "contract-section",
    description: "Contract section 2: the resale addendum (the resale restrictions of this contract, ROFR, extras).",
    variables,
    subject: "Resale addendum",
    text: RESALE_ADDENDUM,
  }),
  defineTemplate({
    key: "contract-section-3",
    kind: "contract-section",
    description: "Contract section 3: tax withholding declarations (FIRPTA, and HARPTA for a Hawaii resort).",
    variables,
    subject: "Tax withholding declarations",
    text: TAX_WITHHOLDING,
  }),
  defineTemplate({
    key: "contract-section-4",
    kind: "contract-section",
    description: "Contract section 4: closing and escrow instructions (the title company, wire instructions, fees).",
    variables,
    subject: "Closing and escrow instructions",
    text: CLOSING_ESCROW,
  }),
] as const satisfies readonly TemplateDef[];
