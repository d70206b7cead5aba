export * from "./auth";
export * from "./content";
export * from "./infra";
export * from "./listings";
export * from "./offers";
export * from "./users";
export * from "./special-requests";
export * from "./notifications";
