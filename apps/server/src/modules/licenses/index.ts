/** Licences, licence requests, validation and the offline .req file flow. */
export { licenseRoutes } from "./licenses.routes.js";
export { sendExpiryReminders } from "./expiry-reminders.js";
export { announceExpiredLicenses } from "./expiry-announcements.js";
// The lapse job: floating seats whose lease lapsed are marked dead (installation.heartbeat-dead).
export { markLapsedSeatsDead } from "./seats.service.js";
export { newLicenseKey } from "./license-keys.js";
export { licensePolicyOf } from "./license-policy.js";
// The licence token a .req file earned: update downloads are authorised by it.
export { licenseForToken } from "./req-file.service.js";
// A paid order issues its licences as an approved request does.
export { insertLicenseRequest, issueRequestLicenses } from "./requests.service.js";
