export * from "./users.js";
export * from "./audit.js";
export * from "./catalogue.js";
export * from "./projects.js";
export * from "./payments.js";
export * from "./licences.js";
export * from "./notifications.js";
export * from "./jobs.js";
