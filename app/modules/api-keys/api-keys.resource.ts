import { sql } from "drizzle-orm";
import { z } from "zod";
import { apiKeys } from "~/db/schema";
import { formatNumber } from "~/lib/format";
import { defineResource } from "~/modules/admin/resource";
import { API_SCOPES, type ApiScope, MAX_PER_MINUTE } from "./api-keys";
import { issueApiKey, recentApiKeyUses, revokeApiKey } from "./api-keys.server";

const SCOPE_FIELDS: { name: string; scope: ApiScope; label: string }[] = [
  { name: "scope_listings", scope: "listings:read", label: "May read active listings" },
  { name: "scope_market", scope: "market:read", label: "May read the market series" },
];

/**
 * /admin/apis (issue 33): the keys partners use to read the JSON feeds (`/api/v1/listings`, `/api/v1/market/:series`).
 * An administrator issues a key (its secret is shown once, on the answer to that form, and only its hash is kept)
 * and revokes one (at once: its next request is refused). The list shows what each key may read, its limit, its last
 * use and its requests over 30 days; every request is logged (api_key_uses).
 */
export default defineResource({
  noun: "API key",
  title: "API keys",
  description:
    "Keys for partners who read our listings and market data as JSON (see the API guide in docs/api.md). A key's secret is shown once, when you issue it: copy it then. Revoking a key refuses its next request.",
  caption: "API keys",
  searchLabel: "Search keys by name or prefix",
  emptyText: "No API keys issued yet.",
  table: apiKeys,
  id: apiKeys.id,
  operations: [],
  schema: z.object({}),
  columns: [
    { key: "name", label: "Name", value: apiKeys.name, primary: true, sortable: true, searchable: true, wrap: true },
    { key: "prefix", label: "Key begins", value: apiKeys.prefix, searchable: true },
    { key: "scopes", label: "May read", value: sql<string>`array_to_string(${apiKeys.scopes}, ', ')`, wrap: true },
    { key: "perMinute", label: "Requests a minute", value: apiKeys.perMinute, format: "number" },
    { key: "created", label: "Issued (Eastern)", value: apiKeys.createdAt, format: "datetime", sortable: true },
    { key: "lastUsed", label: "Last used (Eastern)", value: apiKeys.lastUsedAt, format: "datetime", sortable: true },
    { key: "uses", label: "Requests, 30 days", value: apiKeys.id },
    {
      key: "revoked",
      label: "State",
      value: sql<boolean>`${apiKeys.revokedAt} is not null`,
      format: "boolean",
      booleanLabels: ["Revoked", "In use"],
      filter: { kind: "boolean", yes: "Revoked", no: "In use" },
    },
    { key: "live", label: "Live", value: sql<boolean>`${apiKeys.revokedAt} is null`, hidden: true },
  ],
  fields: [],
  defaultSort: { key: "created", dir: "desc" },
  pageSize: 50,
  titleOf: (row) => String(row.name ?? ""),
  computed: async (rows, { db }) => {
    const uses = await recentApiKeyUses(
      db,
      rows.map((r) => Number(r.uses)),
    );
    for (const r of rows) r.uses = formatNumber(uses.get(Number(r.uses)) ?? 0);
    for (const r of rows) {
      r.scopes = String(r.scopes ?? "")
        .split(", ")
        .map((s) => API_SCOPES[s as ApiScope] ?? s)
        .join(", ");
    }
  },
  toolbarActions: [
    {
      intent: "issue",
      title: "Issue a key",
      button: "Issue the key",
      help: "Name the partner or use. The secret is shown once, above this form, when you issue the key: copy it then.",
      ability: "create",
      fields: [
        { name: "name", label: "Name", kind: "text", required: true, maxLength: 80 },
        ...SCOPE_FIELDS.map((f) => ({ name: f.name, label: f.label, kind: "checkbox" as const })),
        { name: "perMinute", label: "Requests a minute", kind: "number", required: true, min: 1, max: MAX_PER_MINUTE },
      ],
      service: async ({ services, actor, input }) => {
        const scopes = SCOPE_FIELDS.filter((f) => input[f.name] === true || input[f.name] === "on").map((f) => f.scope);
        const key = await issueApiKey(services, {
          actor,
          input: { name: input.name, perMinute: input.perMinute, scopes },
        });
        return {
          message: `API key “${key.name}” issued.`,
          reveal: {
            label: `Secret of “${key.name}”`,
            value: key.secret,
            note: "Copy it now: it is shown this once and we keep only its hash. Send it as Authorization: Bearer <key>.",
          },
        };
      },
    },
  ],
  rowActions: [
    {
      intent: "revoke",
      label: "Revoke",
      accessibleLabel: (r) => `Revoke the key ${r.name}`,
      when: "live",
      otherwise: "Revoked",
      confirm: (r) => `Revoke the key “${r.name}” (${r.prefix}…)? Its next request is refused; this cannot be undone.`,
      service: async ({ services, actor, id }) => {
        const key = await revokeApiKey(services, { actor, id: Number(id) });
        return `API key “${key.name}” revoked.`;
      },
    },
  ],
});
