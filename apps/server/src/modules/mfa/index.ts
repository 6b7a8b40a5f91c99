/** The administrators' system authenticator. */
export { mfaRoutes } from "./mfa.routes.js";
export { storedSystemSecret } from "./mfa.service.js";
