/**
 * @portal/license-client — online licence checks against the portal, for Node.js 20+ and browsers:
 * validation with the signature and nonce verified (through @portal/license-verifier on WebCrypto),
 * floating-seat heartbeats with backoff and a `lost` event, check-in, and an offline grace.
 */
export { createLicenseClient } from "./client.js";
export type { LicenseAnswer, LicenseClient, LicenseClientEvents, LicenseClientOptions, LicenseClientTimers, LostEvent } from "./client.js";
export { LicenseClientError } from "./errors.js";
export type { LicenseClientErrorReason } from "./errors.js";
export type { License, ValidationCode, ValidationData } from "@portal/license-verifier/webcrypto";
