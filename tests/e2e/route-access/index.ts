import { rows as addendumSign } from "./addendum-sign.rows";
import { rows as api } from "./api.rows";
import { rows as adminUsers } from "./admin-users.rows";
import { rows as agreementSign } from "./agreement-sign.rows";
import { rows as agreements } from "./agreements.rows";
import { rows as auth } from "./auth.rows";
import { rows as blog } from "./blog.rows";
import { rows as bots } from "./bots.rows";
import { rows as contractSections } from "./contract-sections.rows";
import { rows as core } from "./core.rows";
import { rows as finance } from "./finance.rows";
import { rows as impersonation } from "./impersonation.rows";
import { rows as listings } from "./listings.rows";
import { rows as market } from "./market.rows";
import { rows as marketing } from "./marketing.rows";
import { rows as media } from "./media.rows";
import { rows as notifications } from "./notifications.rows";
import { rows as offers } from "./offers.rows";
import { rows as profile } from "./profile.rows";
import { rows as publicPages } from "./public.rows";
import { rows as resorts } from "./resorts.rows";
import { rows as resources } from "./resources.rows";
import { rows as searchSeo } from "./search-seo.rows";
import { rows as specialRequests } from "./special-requests.rows";
import type { RouteAccessRow } from "./types";
import { rows as verify } from "./verify.rows";
import { rows as voices } from "./voices.rows";

/**
 * Every area's rows; add an area's file here. The walker runs them in this order: the one row whose request ends the
 * administrator's impersonation (POST /admin/users/impersonate-leave) is the last of impersonation.rows.ts, so it
 * must stay last here.
 */
export const rows: RouteAccessRow[] = [
  ...core,
  ...publicPages,
  ...auth,
  ...profile,
  ...adminUsers,
  ...resorts,
  ...finance,
  ...blog,
  ...market,
  ...api,
  ...resources,
  ...searchSeo,
  ...media,
  ...specialRequests,
  ...offers,
  ...agreements,
  ...contractSections,
  ...notifications,
  ...listings,
  ...verify,
  ...voices, // Issue 32
  ...marketing, // Issue 33
  ...bots, // Issue 33
  ...agreementSign,
  ...addendumSign,
  ...impersonation,
];
