/**
 * Every error code the API can answer with: its HTTP status, its toast type and its English text.
 * The server throws `AppError(code)`; the web client looks the code up to translate it.
 */
export type ErrorType = "error" | "warning" | "info";

interface ErrorDefinition {
  status: number;
  type: ErrorType;
  message: string;
}

export const errorCatalogue = {
  "auth/registration_status": {
    status: 403,
    type: "error",
    message: "Your registration is pending approval. Please check back later!.",
  },
  "auth/old_password_incorrect": { status: 400, type: "error", message: "Old password is incorrect" },
  "auth/invalid_credentials": {
    status: 401,
    type: "error",
    message: "Invalid email or password. Please try again.",
  },
  "auth/email_taken": {
    status: 409,
    type: "error",
    message: "This email is already registered. Please use a different email or try logging in.",
  },
  "auth/username_taken": {
    status: 409,
    type: "error",
    message: "This username is already taken. Please choose a different username.",
  },
  "auth/password_requirements": {
    status: 422,
    type: "error",
    message:
      "Password does not meet the requirements. Please ensure it has at least 8 characters, including letters, numbers, and special characters.",
  },
  "auth/email_verification": {
    status: 403,
    type: "warning",
    message: "Please verify your email address before logging in.",
  },
  "auth/account_locked": {
    status: 423,
    type: "error",
    message: "Your account has been locked due to multiple failed login attempts. Please contact support.",
  },
  "auth/token_expired": { status: 401, type: "info", message: "Your session has expired. Please log in again." },
  "auth/2fa_required": { status: 401, type: "info", message: "Two-factor authentication is required for this account." },
  "auth/2fa_invalid": {
    status: 401,
    type: "error",
    message: "Invalid two-factor authentication code. Please try again.",
  },
  "auth/2fa_code_reused": {
    status: 401,
    type: "warning",
    message: "This two-factor code has already been used. Wait for the next code in your authenticator app and enter that one.",
  },
  "auth/sso_failed": {
    status: 401,
    type: "error",
    message: "Single sign-on did not succeed. Please try again or sign in with your password.",
  },
  "auth/sso_not_configured": { status: 404, type: "error", message: "Single sign-on is not available on this portal." },
  "auth/sso_email_unverified": {
    status: 403,
    type: "error",
    message: "Your identity provider has not verified your e-mail address, so it cannot be linked to an account here.",
  },
  "auth/not_authenticated": { status: 401, type: "error", message: "You are not logged in. Please log in." },
  "auth/account_disabled": {
    status: 403,
    type: "error",
    message: "This account has been disabled. Please contact support.",
  },
  "auth/forbidden": { status: 403, type: "error", message: "You do not have permission to do this." },
  "auth/token_invalid": {
    status: 400,
    type: "error",
    message: "This link is invalid or has expired. Please request a new one.",
  },
  "auth/2fa_already_enabled": {
    status: 409,
    type: "warning",
    message: "Two-factor authentication is already enabled for this account.",
  },
  "auth/2fa_not_enabled": {
    status: 409,
    type: "warning",
    message: "Two-factor authentication is not enabled for this account.",
  },
  "auth/2fa_setup_required": {
    status: 409,
    type: "warning",
    message: "Start the two-factor setup first to get a new secret.",
  },
  "user/last_admin": {
    status: 409,
    type: "error",
    message: "The last active administrator cannot lose administrator rights or be locked or disabled.",
  },
  "catalogue/feature_in_use": {
    status: 409,
    type: "error",
    message: "This feature is part of a plan or licence and cannot be deleted.",
  },
  "catalogue/service_in_use": {
    status: 409,
    type: "error",
    message: "This service is part of a plan and cannot be deleted.",
  },
  "catalogue/plan_in_use": {
    status: 409,
    type: "error",
    message: "This plan is in use by customers or licences and cannot be deleted. Deactivate it instead.",
  },
  "catalogue/name_taken": { status: 409, type: "error", message: "An item with this name already exists." },
  "feature/code_taken": { status: 409, type: "error", message: "Another feature already has this entitlement code." },
  "catalogue/unknown_feature": { status: 422, type: "error", message: "One of the chosen features does not exist." },
  "catalogue/unknown_service": { status: 422, type: "error", message: "One of the chosen services does not exist." },
  "plan/not_found": { status: 404, type: "error", message: "This plan does not exist or offers no trial." },
  "trial/already_used": { status: 409, type: "warning", message: "You have already had a trial of this plan." },
  "catalogue/plan_not_found": { status: 404, type: "error", message: "Could not find selected plan details." },
  "project/has_licenses": {
    status: 409,
    type: "error",
    message: "This project has licences attached and cannot be deleted.",
  },
  "project/name_taken": { status: 409, type: "error", message: "You already have a project with this name." },
  "mfa/not_configured": {
    status: 404,
    type: "warning",
    message: "The system authenticator is not set up yet. Generate its QR code first.",
  },
  "mfa/invalid_code": { status: 400, type: "error", message: "Invalid MFA code. Please try again." },
  "faq/unknown_category": { status: 422, type: "error", message: "The chosen FAQ category does not exist." },
  "order/not_found": { status: 404, type: "error", message: "Order not found." },
  "order/invalid_transition": { status: 409, type: "warning", message: "This order cannot do that in its current state." },
  "order/offer_expired": { status: 409, type: "warning", message: "This offer has expired. Ask us for a new one." },
  "order/billing_address_required": {
    status: 409,
    type: "warning",
    message: "The customer has no billing address yet. An offer needs one for the tax and the invoice.",
  },
  "order/no_document": { status: 404, type: "info", message: "This order has no offer or invoice yet." },
  "token/invalid_scope": { status: 422, type: "error", message: "One of the scopes does not exist or is not yours to give." },
  "token/insufficient_scope": { status: 403, type: "error", message: "This API token's scopes do not allow this." },
  "token/limit_reached": { status: 409, type: "warning", message: "You have 50 active API tokens. Revoke one before creating another." },
  "token/not_found": { status: 404, type: "error", message: "API token not found." },
  "webhook/not_found": { status: 404, type: "error", message: "Webhook endpoint not found." },
  "webhook/delivery_not_found": { status: 404, type: "error", message: "Webhook delivery not found." },
  "webhook/unknown_event": { status: 422, type: "error", message: "One of the events is not a known event name." },
  "webhook/forbidden_address": {
    status: 422,
    type: "error",
    message: "This address is not allowed: webhooks cannot be sent to loopback, private, link-local, shared or multicast addresses.",
  },
  "webhook/insecure_url": { status: 422, type: "error", message: "The webhook address must start with https://." },
  "license/not_pending": { status: 409, type: "warning", message: "Only a pending licence request can be changed." },
  "license/deactivated": { status: 409, type: "error", message: "This licence has been deactivated." },
  "license/expired": { status: 409, type: "error", message: "This licence has expired." },
  "license/too_many_activations": {
    status: 409,
    type: "error",
    message: "This licence is already activated on as many installations as it allows. Release one first.",
  },
  "license/not_deactivated": { status: 409, type: "warning", message: "This licence is not deactivated." },
  "license/release_limit": {
    status: 409,
    type: "error",
    message: "This licence has reached its limit of installation releases for the last 30 days.",
  },
  "license/trial_already_used": {
    status: 409,
    type: "error",
    message: "This machine has already used a trial of this plan. Buy a licence to go on using it.",
  },
  "license/invalid_token": { status: 401, type: "error", message: "The licence token is missing, invalid or expired." },
  "license/req_too_large": { status: 413, type: "error", message: "File size cannot exceed 500KB" },
  "license/req_wrong_type": { status: 415, type: "error", message: "Please select only .req files" },
  "license/req_invalid": {
    status: 422,
    type: "error",
    message: "The .req file must have at least 2 lines: the licence key, then the installation data",
  },
  "license/req_unknown_key": {
    status: 404,
    type: "error",
    message: "The licence key on the file's first line is not one of your licences. Check that the file comes from an installation of your licence.",
  },
  "ticket/not_found": { status: 404, type: "error", message: "ticket not found" },
  "ticket/closed": { status: 409, type: "warning", message: "This ticket is closed." },
  "ticket/invalid_transition": {
    status: 409,
    type: "warning",
    message: "This ticket's status does not allow that change.",
  },
  "ticket/attachment_too_large": { status: 413, type: "error", message: "An attachment can be at most 10 MB." },
  "ticket/too_many_attachments": { status: 422, type: "error", message: "A message can carry at most 5 attachments." },
  "ticket/attachment_type": {
    status: 415,
    type: "error",
    message: "Attachments can be PNG, JPEG, GIF or WebP images, PDF, plain text or ZIP files.",
  },
  "ticket/assignee_not_admin": { status: 422, type: "error", message: "Tickets can only be assigned to an administrator." },
  "update/files_required": {
    status: 422,
    type: "error",
    message: "Both backend.zip and frontend.zip are required.",
  },
  "update/file_name": {
    status: 422,
    type: "error",
    message: "The backend file must be named backend.zip and the frontend file frontend.zip.",
  },
  "update/not_a_zip": { status: 422, type: "error", message: "This file is not a valid ZIP archive." },
  "update/unsafe_zip": {
    status: 422,
    type: "error",
    message: "The ZIP archive holds an entry with an unsafe path (.., an absolute path or a symbolic link).",
  },
  "update/zip_too_large": { status: 413, type: "error", message: "The ZIP archive expands past the allowed size." },
  "update/file_too_large": { status: 413, type: "error", message: "A file is larger than the allowed upload size." },
  "update/too_many_extras": { status: 422, type: "error", message: "An update can carry at most 20 extra files." },
  "update/extra_path_required": { status: 422, type: "error", message: "Please provide a path for each extra file." },
  "update/version_not_newer": {
    status: 409,
    type: "error",
    message: "The version must be above every published version.",
  },
  "update/published": { status: 409, type: "error", message: "A published update cannot be changed." },
  "update/not_found": { status: 404, type: "error", message: "Update not found." },
  "update/outside_access_window": {
    status: 403,
    type: "error",
    message: "This update was published after your licence expired. Renew the licence to download it.",
  },
  "update/license_not_found": { status: 404, type: "error", message: "Licence not found." },
  "update/yanked": { status: 410, type: "error", message: "This update has been withdrawn and can no longer be downloaded." },
  "update/not_published": { status: 409, type: "warning", message: "Only a published update can be withdrawn." },
  "update/already_yanked": { status: 409, type: "warning", message: "This update has already been withdrawn." },
  "user/not_locked": { status: 409, type: "warning", message: "This account is not locked." },
  "user/not_pending": { status: 409, type: "warning", message: "This registration is not pending approval." },
  "mail/outbox_disabled": {
    status: 404,
    type: "info",
    message: "There is no outbox: this server sends e-mail through SMTP (SMTP_URL is set).",
  },
  "common/bad_request": { status: 400, type: "error", message: "The request could not be understood." },
  "common/not_found": { status: 404, type: "error", message: "The requested resource was not found." },
  "common/method_not_allowed": { status: 405, type: "error", message: "This method is not allowed here." },
  "common/conflict": { status: 409, type: "error", message: "The request conflicts with the current state." },
  "common/payload_too_large": { status: 413, type: "error", message: "The request is too large." },
  "common/unsupported_media_type": { status: 415, type: "error", message: "This content type is not supported." },
  "common/validation": { status: 422, type: "error", message: "The request is invalid." },
  "common/rate_limited": { status: 429, type: "warning", message: "Too many requests. Please try again later." },
  "common/internal": { status: 500, type: "error", message: "An unexpected error occurred. Please try again." },
  "common/unavailable": {
    status: 503,
    type: "error",
    message: "The service is temporarily unavailable. Please try again later.",
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value);
}
