/** The US states (and DC) a title company may close in, by their two-letter postal codes. */
export const US_STATES = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
] as const;

export type UsState = (typeof US_STATES)[number][0];

export const US_STATE_CODES = US_STATES.map(([code]) => code) as unknown as [UsState, ...UsState[]];

/** Options for a select or checkbox list: "Florida (FL)". */
export const US_STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

/** A state's name from its postal code ("HI" → "Hawaii"); the code itself when unknown. */
export function stateNameOf(code: string): string {
  return US_STATES.find(([c]) => c === code)?.[1] ?? code;
}

export function isUsState(v: string): v is UsState {
  return (US_STATE_CODES as readonly string[]).includes(v);
}

/**
 * The state of a resort from its location text ("Ko Olina, Oahu, HI" -> HI; the Walt Disney World resorts name no
 * state and are in Florida). Null when the text names none (the interval-resorts entry).
 */
export function stateOfLocation(location: string): UsState | null {
  const m = /,\s*([A-Z]{2})\s*$/.exec(location);
  if (m && isUsState(m[1])) return m[1];
  if (/Walt Disney World/i.test(location)) return "FL";
  return null;
}
