import type { AgreementStatus } from "./agreements.queries.server";

type Side = "buyer" | "seller";

/**
 * What the agreement's page tells the viewer to do now, by stage and side (browser-safe). `depositForm`: the page
 * shows the deposit, the wire instructions and "I have wired the deposit" (the buyer, while the deposit is due);
 * `sign`: the page links to the contract's signing page.
 */
export function nextStepFor(
  a: { status: AgreementStatus; buyerSignedAt: Date | null; sellerSignedAt: Date | null; depositSentAt: Date | null },
  side: Side | null,
): { title: string; text: string; depositForm: boolean; sign?: boolean } {
  const mine = side === "buyer" ? a.buyerSignedAt : side === "seller" ? a.sellerSignedAt : null;
  switch (a.status) {
    case "created":
      return {
        title: "The contract is being prepared",
        text: "We are preparing the purchase agreement with the title company. You will get an email when it is ready to sign.",
        depositForm: false,
      };
    case "out_for_signature":
    case "signed_by_buyer":
    case "signed_by_seller":
      return mine || !side
        ? {
            title: "Waiting for the other signature",
            text: "The agreement waits for the other party's signature. We remind them every 48 hours.",
            depositForm: false,
          }
        : {
            title: "Your signature is needed",
            text: "Review each of the four sections of the purchase agreement, initial them and sign.",
            depositForm: false,
            sign: true,
          };
    case "sealing":
      return {
        title: "Both signed: sealing the contract",
        text: "Both sides have signed. The contract is being sealed; we email you as soon as it is, with the deposit's deadline.",
        depositForm: false,
      };
    case "deposit_due":
      return side === "buyer"
        ? {
            title: a.depositSentAt ? "Deposit on its way" : "Wire the deposit",
            text: "Both sides signed and the contract is sealed. The deposit goes to the title company's escrow, never to the seller or to us.",
            depositForm: true,
          }
        : {
            title: "Waiting for the buyer's deposit",
            text: "Both sides signed and the contract is sealed. The buyer wires the deposit to the title company's escrow.",
            depositForm: false,
          };
    case "deposit_received":
      return {
        title: "Deposit received",
        text: "The deposit is in escrow. Next, the contract goes to the developer for its right of first refusal (ROFR).",
        depositForm: false,
      };
    case "rofr_submitted":
      return {
        title: "Waiting for the developer (ROFR)",
        text: "The developer has the right to buy the contract on the same terms. Its answer usually takes 20 to 30 days, rarely 45.",
        depositForm: false,
      };
    case "rofr_waived":
      return {
        title: "ROFR waived",
        text: "The developer waived its right of first refusal. Next the estoppel arrives from the developer, usually in 2 to 4 weeks.",
        depositForm: false,
      };
    case "rofr_exercised":
      return {
        title: "Bought back by the developer",
        text:
          side === "buyer"
            ? "The developer exercised its right of first refusal and buys the contract on the same terms. Your deposit is refunded in full."
            : "The developer exercised its right of first refusal and buys the contract on the same terms; the title company closes the sale with the developer.",
        depositForm: false,
      };
    case "estoppel_received":
      return {
        title: "Estoppel received",
        text: "The developer confirmed the contract's details. The closing documents follow within about 72 hours.",
        depositForm: false,
      };
    case "closing_documents_out":
      return {
        title: "Sign the closing documents",
        text:
          side === "seller"
            ? "The title company sent the closing documents: sign them before a notary and return them."
            : "The title company sent the closing documents: sign them and wire the balance to the title company.",
        depositForm: false,
      };
    case "closed":
      return {
        title: "Closed",
        text: "The deed is recorded. The points move to the buyer's membership within 10 to 14 business days, and the seller is paid from escrow.",
        depositForm: false,
      };
    case "cancelled":
      return { title: "Cancelled", text: "This agreement was cancelled.", depositForm: false };
  }
}
