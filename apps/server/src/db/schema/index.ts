export * from "./users.js";
export * from "./audit.js";
