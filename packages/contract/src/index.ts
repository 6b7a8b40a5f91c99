export * from "./errors.js";
export * from "./common.js";
export * from "./auth.js";
export * from "./users.js";
export * from "./audit.js";
export * from "./health.js";
export * from "./notifications.js";
