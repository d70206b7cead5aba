/** The deal pipeline's windows (issue 33), shared by the admin overview's loader and its words. */

/** The window of the offers chart, in days. */
export const PIPELINE_OFFER_DAYS = 30;
/** The months of the closings chart, this one included. */
export const PIPELINE_MONTHS = 6;
