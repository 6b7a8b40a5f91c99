/** Sign-in, sign-up, passwords and the users' two-factor codes. */
export { authRoutes } from "./auth.routes.js";
export { oidcRoutes } from "./oidc.routes.js";
export { OidcClient, type OidcSettings } from "./oidc-client.js";
// Run at start, before the app serves: seals TOTP secrets stored in clear.
export { sealTotpSecrets } from "./two-factor-secrets.js";
