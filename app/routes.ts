import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { resourceExportRoutes, resourceRoutes } from "./modules/admin/resource-routes";

/**
 * Every URL of the product, grouped as in SPEC section 2. Route ids are the SPEC's names,
 * so links are built with `href()`.
 */
export default [
  // Public pages (front-end layout: header, footer, side columns)
  layout("routes/layouts/front-end.tsx", [
    index("routes/public/home.tsx", { id: "home" }),
    route("resale-restrictions", "routes/public/content-page.tsx", { id: "resale-restrictions" }), // issue 32: a row of the pages table
    route("dvc-annual-dues", "routes/public/dvc-annual-dues.tsx", { id: "dvc-annual-dues" }),
    // Issue 31: Disney's direct prices, resale against direct, and contract end dates.
    route("dvc-retail-prices", "routes/public/dvc-retail-prices.tsx", { id: "dvc-retail-prices" }),
    route("dvc-compare-prices", "routes/public/dvc-compare-prices.tsx", { id: "dvc-compare-prices" }),
    route("dvc-expiration-date", "routes/public/dvc-expiration-date.tsx", { id: "dvc-expiration-date" }),
    route("how-dvc-works", "routes/public/content-page.tsx", { id: "how-dvc-works.index" }), // issue 32: a row of the pages table
    route("selling-fees-associated", "routes/public/content-page.tsx", { id: "selling-fees-associated" }), // issue 32: a row of the pages table
    route("dvc-firpta", "routes/public/dvc-firpta.tsx", { id: "dvc-firpta" }),
    route("harpta", "routes/public/harpta.tsx", { id: "harpta" }),
    route("dvc-financing", "routes/public/dvc-financing.tsx", { id: "dvc-financing" }), // Issue 31
    route("buying-vacation-point-calculator", "routes/public/buying-vacation-point-calculator.tsx", {
      id: "buying-vacation-point-calculator",
    }),
    route("about-us", "routes/public/content-page.tsx", { id: "about-us" }), // issue 32: a row of the pages table
    route("privacy-policy", "routes/public/content-page.tsx", { id: "privacy-policy" }), // issue 32: a row of the pages table
    route("terms-and-conditions", "routes/public/content-page.tsx", { id: "terms-and-conditions" }), // issue 32: a row of the pages table
    route("resorts", "routes/public/resorts.tsx", { id: "resorts.index" }),
    route("resorts/:resort", "routes/public/resort.tsx", { id: "resorts.show" }),
    // Issue 31: the resort page's other tabs, each its own URL (the overview stays resorts.show).
    route("resorts/:resort/rooms", "routes/public/resort-rooms.tsx", { id: "resorts.rooms" }),
    route("resorts/:resort/dining", "routes/public/resort-dining.tsx", { id: "resorts.dining" }),
    route("resorts/:resort/map", "routes/public/resort-map.tsx", { id: "resorts.map" }),
    route("listing-info/:id", "routes/public/listing-info.tsx", { id: "listing-info" }),
    route("broker-listings", "routes/public/broker-listings.tsx", { id: "broker-listings.index" }),
    route("broker-listings/:id", "routes/public/broker-listing.tsx", { id: "broker-listings.show" }),
    route("favorites", "routes/public/favorites.tsx", { id: "favorites" }),
    route("compare", "routes/public/compare.tsx", { id: "listings.compare" }),
    // Issue 10: special requests (what a buyer is looking for, announced when a listing meets it)
    route("special-request", "routes/public/special-request.tsx", { id: "buyer.special-request" }),
    // Issue 27: the SPEC's path, /buyer/special-request, leads to the page (308).
    route("buyer/special-request", "routes/public/buyer-special-request.ts", { id: "buyer.special-request.spec-path" }),
    route("make-offer/:id", "routes/public/make-offer.tsx", { id: "make-offer" }),
    route("verify", "routes/public/verify.tsx", { id: "verify" }),
    // Issue 31: open market data and the resale value calculator (decision 0077)
    route("market", "routes/public/market.tsx", { id: "market" }),
    route("selling/rvc", "routes/public/selling-rvc.tsx", { id: "selling.rvc" }),
    // Issue 32 (decision 0080): the blog, its feed and the help centre.
    route("blogs", "routes/public/blogs.tsx", { id: "blogs.index" }),
    route("blogs/rss.xml", "routes/public/blogs-rss.ts", { id: "blogs.rss" }),
    route("blogs/:slug", "routes/public/blog-post.tsx", { id: "blogs.show" }),
    route("help", "routes/public/help.tsx", { id: "help.index" }),
    route("help/:slug", "routes/public/help-page.tsx", { id: "help.show" }),
    // Issue 32 "Voices of customers": testimonials and the newsletter's confirmation and unsubscribe pages
    route("testimonials", "routes/public/testimonials.tsx", { id: "testimonials" }),
    route("newsletter/confirm", "routes/public/newsletter-confirm.tsx", { id: "newsletter.confirm" }),
    route("newsletter/unsubscribe", "routes/public/newsletter-unsubscribe.tsx", { id: "newsletter.unsubscribe" }),
    // Issue 33 (decision 0087): a marketing mail's one-click unsubscribe (GET: a page with a button; POST: RFC 8058)
    route("unsubscribe/:token", "routes/public/marketing-unsubscribe.tsx", { id: "marketing.unsubscribe" }),
    route("search", "routes/public/search.tsx", { id: "search" }), // Issue 32: site search (decision 0082)
    // Issue 32: a page the staff add at /admin/frontend-pages, else the not-found page (404).
    route("*", "routes/public/content-page.tsx", { id: "not-found" }),
  ]),

  // Full-width pages (no side columns)
  layout("routes/layouts/full-width.tsx", [
    route("login", "routes/account/login.tsx", { id: "login" }),
    route("sign-up", "routes/account/sign-up.tsx", { id: "sign-up" }),
    route("sign-up/new", "routes/account/sign-up-new.tsx", { id: "sign-up.new" }),
    route("sign-in", "routes/account/sign-in.tsx", { id: "sign-in" }),
    route("listings", "routes/public/listings.tsx", { id: "listings" }),
    route("rentals", "routes/public/rentals.tsx", { id: "rentals" }),
  ]),
  // Issue 4: joining, signing in, two-factor, browser sessions, account deletion (full-width pages)
  layout("routes/layouts/full-width.tsx", { id: "layouts.full-width.account" }, [
    route("register/action/verify-email-message", "routes/account/verify-email.tsx", {
      id: "register.action.verify-email-message",
    }),
    route("welcome", "routes/account/welcome.tsx", { id: "welcome" }),
    route("user/complete-profile", "routes/account/complete-profile.tsx", { id: "user.complete-profile" }),
    route("forgot/password", "routes/account/forgot-password.tsx", { id: "forgot.password.view" }),
    route("reset-password", "routes/account/reset-password.tsx", { id: "reset-password.view" }),
    route("two-factor", "routes/account/two-factor.tsx", { id: "two-factor" }),
    route("profile/security", "routes/profile/security.tsx", { id: "user.profile.security" }),
  ]),
  route("logout", "routes/account/logout.tsx", { id: "logout" }),
  route("dashboard", "routes/account/dashboard.tsx", { id: "dashboard" }),
  // Issue 4: profile and settings
  layout("routes/profile/layout.tsx", { id: "profile.layout" }, [
    route("profile", "routes/profile/profile.tsx", { id: "user.profile" }),
    route("required", "routes/profile/required.tsx", { id: "required" }),
    route("my-special-requests", "routes/profile/my-special-requests.tsx", { id: "my-special-requests" }),
    route("my-special-requests/:id", "routes/profile/special-request.tsx", { id: "special-request.show" }),
    route("v2/profile/best-practices", "routes/profile/best-practices.tsx", { id: "v2.profile.best-practices" }),
  ]),
  route("update_profile_image/:userUniqid", "routes/account/update-profile-image.ts", { id: "update_profile_image" }),
  route("profile-photos/:file", "routes/account/profile-photo.ts", { id: "profile-photos" }),
  route("check-email-exists", "routes/api/email-check-exists.ts", { id: "check-email-exists" }),
  route("send-email-pin", "routes/api/email-send-pin.ts", { id: "send-email-pin" }),
  route("verify-email-pin", "routes/api/email-verify-pin.ts", { id: "verify-email-pin" }),
  route("update-email", "routes/api/email-update.ts", { id: "update-email" }),
  route("verification/email-pin", "routes/api/email-verification-pin.ts", { id: "verification.email-pin" }),
  route("user-data/:userId", "routes/api/user-data.ts", { id: "user-data" }),
  route("api/user/profile/update-user-field", "routes/api/user-update-field.ts", {
    id: "user.profile.update-user-field",
  }),
  route("api/listings/commission-text/update", "routes/api/commission-text.ts", {
    id: "listings.commission-text.update",
  }),

  // Buyer and seller profile area (second version)
  // Issue 11: the contract as a PDF (a file, outside the profile layout)
  route("v2/profile/agreements/:agreementId/contract.pdf", "routes/profile/agreement-contract-pdf.ts", {
    id: "v2.profile.agreement-contract",
  }),
  ...prefix("v2/profile", [
    layout("routes/profile/layout.tsx", [
      index("routes/profile/overview.tsx", { id: "v2.profile" }),
      route("inventory-for-sale", "routes/profile/inventory-for-sale.tsx", { id: "v2.profile.inventory-for-sale" }),
      route("inventory-for-sale/new", "routes/profile/inventory-new.tsx", { id: "v2.profile.inventory-new" }),
      route("inventory-for-sale/:id/edit", "routes/profile/inventory-edit.tsx", { id: "v2.profile.inventory-edit" }),
      route("inventory-not-for-sale", "routes/profile/inventory-not-for-sale.tsx", {
        id: "v2.profile.inventory-not-for-sale",
      }),
      // Issue 4: user administration and the activity journal (the person's own journal)
      route("journal-activity", "routes/profile/journal-activity.tsx", { id: "v2.profile.journal-activity" }),
      // Issue 10: offers, each side's list and one page per offer
      route("buyer-offers", "routes/profile/buyer-offers.tsx", { id: "v2.profile.buyer-offers" }),
      route("seller-offers", "routes/profile/seller-offers.tsx", { id: "v2.profile.seller-offers" }),
      route("offers/:offerId", "routes/profile/offer.tsx", { id: "v2.profile.offer" }),
      // Issue 11: agreements, each side's list and one page per agreement
      route("buyer-agreements", "routes/profile/buyer-agreements.tsx", { id: "v2.profile.buyer-agreements" }),
      route("seller-agreements", "routes/profile/seller-agreements.tsx", { id: "v2.profile.seller-agreements" }),
      route("agreements/:agreementId", "routes/profile/agreement.tsx", { id: "v2.profile.agreement" }),
      route("agreements/:agreementId/sign", "routes/profile/agreement-sign.tsx", { id: "v2.profile.agreement-sign" }),
      // Issue 11: an addendum to a sealed agreement, signed the same way (decision 0036)
      route("agreements/:agreementId/addenda/:number/sign", "routes/profile/addendum-sign.tsx", {
        id: "v2.profile.addendum-sign",
      }),
      // Issue 10: a person's in-app notifications (the header's bell lists the newest)
      route("notifications", "routes/profile/notifications.tsx", { id: "v2.profile.notifications" }),
    ]),
  ]),

  // Admin back office
  route("admin/users/impersonate-leave", "routes/admin/impersonate-leave.ts", { id: "admin.users.impersonate-leave" }),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx", { id: "admin.index" }),
      route("dashboard", "routes/admin/dashboard.tsx", { id: "admin.dashboard" }),
      route("posts", "routes/admin/posts.tsx", { id: "admin.posts" }),
      route("tweaks", "routes/admin/tweaks.tsx", { id: "admin.tweaks" }), // Issue 4: impersonation, notifications, tweaks
      route("od-settings", "routes/admin/od-settings.tsx", { id: "admin.od-settings" }), // Issue 10
      route("finance/settings", "routes/admin/finance-settings.tsx", { id: "admin.finance.settings" }), // Issue 31
      route("fb-settings", "routes/admin/fb-settings.tsx", { id: "admin.fb-settings" }), // Issue 33
      // Issue 31: the SPEC's "ranges" screen is season-ranges (decision 0073)
      route("vacation-point-calculator/ranges", "routes/admin/point-chart-ranges.ts", {
        id: "admin.vacation-point-calculator.ranges",
      }),
      route("contract-sections", "routes/admin/contract-sections.tsx", { id: "admin.contract-sections" }), // Issue 11
      // Issue 4: user administration and the activity journal
      route("users/:uniqid/edit", "routes/admin/users-edit.tsx", { id: "admin.users.edit" }),
      route("profile", "routes/admin/admin-profile.tsx", { id: "admin.profile.index" }),
      // Issue 11: the recorded deed of an agreement (the engine's agreement page links here)
      route("agreements/:id/deed", "routes/admin/agreement-deed.tsx", { id: "admin.agreements.deed" }),
      // One deal for the back office: timeline, closing statement, files, audit trail (the engine's row page links here)
      route("agreements/:id/deal", "routes/admin/agreement-deal.tsx", { id: "admin.agreements.deal" }),
      // Issue 9: every resource of modules/admin/resources.registry.ts (list, create, edit, import)
      route("resorts/rvc", "routes/admin/resorts-rvc.tsx", { id: "admin.resorts.rvc" }), // Issue 31
      // Issue 32: the site's name, logo, header colours, footer text and plane banner (decision 0082)
      route("frontend-design-settings", "routes/admin/frontend-design-settings.tsx", {
        id: "admin.frontend-design-settings",
      }),
      // Issue 32: the SEO manager's defaults (decision 0085); the manager's list is the registry's
      route("seo/defaults", "routes/admin/seo-defaults.tsx", { id: "admin.seo-defaults" }),
      // Issue 33 (decision 0087): marketing mail's results and a campaign's or template's preview
      route("marketing/dashboard", "routes/admin/marketing-dashboard.tsx", { id: "admin.marketing.dashboard" }),
      route("marketing/preview", "routes/admin/marketing-preview.tsx", { id: "admin.marketing.preview" }),
      // Decision 0091: a message of the mail log as sent (attachments included)
      route("mail/:id/message.eml", "routes/admin/mail-message-eml.ts", { id: "admin.mail-log.eml" }),
      ...resourceRoutes(),
    ]),
  ]),
  ...resourceExportRoutes(),
  route("media/:folder/:file", "routes/public/media.ts", { id: "media" }),
  // Issue 33 (decision 0091): a marketing file's public address (templates' pictures and links)
  route("marketing-files/:file", "routes/public/marketing-file.ts", { id: "marketing.file" }),
  // Issue 31: each market series as CSV or JSON (`/market/<series>.csv`, `/market/<series>.json`)
  route("market/:file", "routes/public/market-series.ts", { id: "market.series" }),
  // Issue 30: the media library's calls (decision 0067): the SPEC's metadata save, the editor's upload, the picker
  route("media/meta/save", "routes/api/media-meta-save.ts", { id: "media.meta.save" }),
  route("media/upload", "routes/api/media-upload.ts", { id: "media.upload" }),
  route("media/picker", "routes/api/media-picker.ts", { id: "media.picker" }),
  // Issue 13: each resort's generated illustration and the home page's scene (SVG, cached; decision 0052)
  route("resorts/:resort/illustration.svg", "routes/public/resort-illustration.ts", { id: "resorts.illustration" }),
  route("illustrations/home.svg", "routes/public/home-illustration.ts", { id: "illustrations.home" }),
  // Issue 11: the buyer's deposit form (SPEC path; its own chrome so administrators see it too) and an agreement's files
  route("profile/deposit-form/:id", "routes/profile/deposit-form.tsx", { id: "profile.deposit-form" }),
  route("agreements/:agreementId/documents/:documentId", "routes/agreements/document.ts", {
    id: "agreements.document",
  }),

  // Issue 4: impersonation, admin notifications, tweaks (the tweaks page sits in the admin layout above)
  route("admin/users/impersonate/:user_uniqid", "routes/admin/impersonate.ts", { id: "admin.users.impersonate" }),
  route("api/admin/testimonials/read-notifications", "routes/api/admin-testimonials-read-notifications.ts", {
    id: "admin.testimonials.read_notifications",
  }),
  route("api/admin/listing/read-notifications", "routes/api/admin-listing-read-notifications.ts", {
    id: "admin.listing.read_notifications",
  }),
  route("api/admin/notification/delete", "routes/api/admin-notification-delete.ts", {
    id: "admin.notification.delete",
  }),
  // Issue 10: the offers log's two calls (SPEC section 7)
  route("api/admin/offers-logs", "routes/api/admin-offers-logs.ts", { id: "admin.get-admin-offers-logs" }),
  route("api/admin/offers-logs/delete", "routes/api/admin-offers-logs-delete.ts", {
    id: "admin.delete-admin-offers-logs",
  }),
  // Issue 10: the bell's calls (mark read, mark all read, delete) and the offer mail's open-tracking image
  route("api/notifications", "routes/api/notifications.ts", { id: "notifications.update" }),
  route("api/offer-mail-opened/:token", "routes/api/offer-mail-opened.ts", { id: "offer-mail-opened" }),
  // Issue 33 (decision 0087): a marketing mail's open-tracking image and its signed click-counting links
  route("api/marketing/open/:token", "routes/api/marketing-open.ts", { id: "marketing.open" }),
  route("api/marketing/click/:recipient", "routes/api/marketing-click.ts", { id: "marketing.click" }),
  route("api/admin/inactive-users/list", "routes/api/admin-inactive-users-list.ts", {
    id: "admin.inactive-users.list",
  }),

  // JSON calls (SPEC section 7)
  route("settings", "routes/api/settings.ts", { id: "settings" }),
  route("listings/update", "routes/api/listings-update.ts", { id: "listings.update" }),
  route("api/dvc-broker-listings", "routes/api/dvc-broker-listings.ts", { id: "dvc-broker-listings.store" }),
  route("api/dvc-broker-resale-listings-filters", "routes/api/dvc-broker-resale-listings-filters.ts", {
    id: "dvc-broker-resale-listings-filters",
  }),
  route("api/listing/get-listing-by-id", "routes/api/get-listing-by-id.ts", { id: "listing.get-listing-by-id" }),
  route("api/share-this-listing", "routes/api/share-this-listing.ts", { id: "share-this-listing" }),
  route("api/auth/*", "routes/api/auth.ts", { id: "api.auth" }),
  // Issue 33: the partners' read-only feeds, behind an API key (/admin/apis; docs/api.md).
  route("api/v1/listings", "routes/api/v1-listings.ts", { id: "api.v1.listings" }),
  route("api/v1/market/:series", "routes/api/v1-market.ts", { id: "api.v1.market" }),
  route("api/health", "routes/api/health.ts", { id: "api.health" }),
  route("api/ready", "routes/api/ready.ts", { id: "api.ready" }),
  route("sitemap.xml", "routes/public/sitemap.ts", { id: "sitemap" }),
  // Issue 32 "Voices of customers": the footer's and the feedback tab's calls (SPEC section 7)
  route("api/subscriber", "routes/api/subscriber.ts", { id: "subscriber.store" }),
  route("api/app-link-clicks/:store", "routes/api/app-link-clicks.ts", { id: "app-link-clicks" }),
  route("api/newsletter", "routes/api/newsletter.ts", { id: "newsletter.store" }),
  route("api/user/testimonial", "routes/api/user-testimonial.ts", { id: "user.testimonial.store" }),
  // Issue 32: the contact form as a call (the form on /contact-us posts to its page)
  route("api/contact", "routes/api/contact.ts", { id: "contact.store" }),
  // Issue 32: site search (decision 0082), the SPEC's call and the page
  route("api/dvc/search/:term", "routes/api/dvc-search.ts", { id: "dvc.search" }),
  // Issue 32 (decision 0078): robots.txt names the sitemap; the SPEC's "Front end content" calls.
  route("robots.txt", "routes/public/robots.ts", { id: "robots" }),
  // Issue 33 (decision 0086): the answer to the cookie prompt shown when a Meta Pixel is set.
  route("consent", "routes/public/consent.ts", { id: "consent" }),
  route("api/frontend/get-all-pages", "routes/api/frontend-get-all-pages.ts", { id: "frontend.get-all-pages" }),
  route("api/frontend/get-left-menu", "routes/api/frontend-get-left-menu.ts", { id: "frontend.get-left-menu" }),
  route("api/frontend/get-header-banner", "routes/api/frontend-get-header-banner.ts", {
    id: "frontend.get-header-banner",
  }),
  route("api/frontend/get-related-pages", "routes/api/frontend-get-related-pages.ts", {
    id: "frontend.get-related-pages",
  }),
  route("api/frontend/get-right-menu", "routes/api/frontend-get-right-menu.ts", { id: "frontend.get-right-menu" }),
  route("api/frontend/get-related-faqs", "routes/api/frontend-get-related-faqs.ts", {
    id: "frontend.get-related-faqs",
  }),
] satisfies RouteConfig;
