/**
 * The agreements' job queues (handlers in agreements.jobs.server.ts). Each carries `{ agreementId, status }`: the state
 * the timer was set in, so a timer of a state the agreement has left does nothing.
 */
export const AGREEMENTS_QUEUES = {
  /** Halfway to the deposit deadline: reminds the buyer. */
  depositReminder: "agreements.deposit-reminder",
  /** At the deposit deadline with no deposit received: escalates to the administrators' notifications. */
  depositOverdue: "agreements.deposit-overdue",
  /** Every 48 hours while a party has not signed: reminds them. */
  signingReminder: "agreements.signing-reminder",
  /**
   * Once both have signed: seals the contract, stores it, reads it back and checks it, then moves the agreement to
   * `deposit_due` (retried with backoff; after the last try an administrator is told). Data `{ agreementId }`.
   */
  seal: "agreements.seal",
  /** 30 days after the ROFR submission with no answer: escalates to the administrators. */
  rofrFollowUp: "agreements.rofr-follow-up",
} as const;
