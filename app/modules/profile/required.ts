/** The Required page (/required, sellers only): what a seller must still provide before a contract can close. */
export const REQUIRED_TABS = [
  { id: "account", label: "Account" },
  { id: "contact", label: "Contact details" },
  { id: "listing", label: "Listing" },
] as const;
export type RequiredTabId = (typeof REQUIRED_TABS)[number]["id"];

export type RequiredItem = {
  id: "email-verified" | "profile-completed" | "phone-number" | "mailing-address" | "active-listing";
  tab: RequiredTabId;
  label: string;
  why: string;
  done: boolean;
  fixHref: string;
  fixLabel: string;
};

export const REQUIRED_MESSAGES = {
  sellersOnly: "The Required page is for sellers.",
  addressHelpSent: "We have told our team. Someone will contact you about your mailing address soon.",
  addressHelpTooOften: "You have already asked for help with your address. Our team will be in touch.",
} as const;

export function requiredTabOf(raw: string | null | undefined): RequiredTabId {
  return REQUIRED_TABS.some((t) => t.id === raw) ? (raw as RequiredTabId) : "account";
}
