export * from "./users.js";
export * from "./audit.js";
export * from "./catalogue.js";
export * from "./projects.js";
export * from "./payments.js";
