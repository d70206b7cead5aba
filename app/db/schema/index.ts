export * from "./auth";
export * from "./content";
export * from "./infra";
export * from "./listings";
export * from "./offers";
export * from "./users";
export * from "./special-requests";
export * from "./notifications";
export * from "./resort-pages";
export * from "./finance";
export * from "./resort-prices";
export * from "./market";
export * from "./point-charts";
export * from "./api-keys";
export * from "./blog";
export * from "./voices";
export * from "./pages"; // Issue 32: pages as data
export * from "./seo"; // Issue 32: /admin/seo
export * from "./reminders"; // Issue 33: banking reminders
export * from "./marketing"; // Issue 33: marketing campaigns (decision 0087)
export * from "./marketing-files"; // Issue 33: marketing files and attachments (decision 0091)
export * from "./bots";
export * from "./favorites"; // Decision 0092: server-side favourites
