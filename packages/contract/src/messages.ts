/**
 * Every validation message of the product, by key: what the contract's schemas (and the web's own
 * form rules) say when a value is refused. A schema's zod message is a key, made with `messageOf`;
 * the server answers a 422's `msg` in English (`englishOf`, the texts the HTTP contract documents);
 * the web shows the key's translation, since each key is also the web's translation key (its six
 * locales have them all). A 422 from the server is turned back into its key with
 * `messageFromEnglish`, so the web translates both through the same catalogue.
 *
 * No zod here: the web's login page imports this module, and must not carry zod and the schemas.
 *
 * One key, one English text (a test checks no two keys share one): a rule that refuses the same
 * thing in two schemas uses the same key. `{{name}}` is a parameter, given to `messageOf`.
 */
export const messageCatalogue = {
  // Any field.
  "validation.required": "{{label}} field is required",
  "validation.notText": "{{label}} must be text",
  "validation.tooLong": "{{label}} must be at most {{max}} characters",
  "validation.isTooLong": "{{label}} is too long",
  "validation.atMostCharacters": "At most {{max}} characters",
  "validation.trueOrFalse": "{{label}} must be true or false",
  "validation.boolean": "Must be true or false",
  "validation.oneOf": "{{label}} must be one of: {{values}}",
  "validation.notValidId": "Not a valid identifier",
  "validation.eachValidId": "Each {{label}} must be a valid identifier",
  "validation.list": "{{items}} must be a list",
  "validation.atMostItems": "At most {{max}} {{items}}",
  "validation.nothingToChange": "Nothing to change",

  // Accounts: sign-up, login, password recovery (spec section 5's texts).
  "validation.emailRequired": "Email field is required",
  "validation.emailInvalid": "Email should be valid",
  "validation.firstnameRequired": "First name field is required",
  "validation.firstnameTooLong": "First name must be at most 100 characters",
  "validation.lastnameRequired": "Last name field is required",
  "validation.lastnameTooLong": "Last name must be at most 100 characters",
  "validation.userNameRule": "Username must be 3 to 32 letters, numbers, dots, hyphens or underscores",
  "validation.userNameNotText": "Username must be text",
  "validation.passwordRequired": "Password field is required",
  "validation.passwordNotText": "Password must be text",
  "validation.passwordTooLong": "Password is too long",
  "validation.passwordRule": "Password must be at least 8 characters and include a letter, a number and a special character",
  "validation.repeatPasswordRequired": "Repeat password field is required",
  "validation.passwordsDontMatch": "Passwords don't match",
  "validation.tokenRequired": "Token field is required",
  "validation.tokenInvalid": "Token is not valid",

  // Signed-in accounts: password change, two-factor and authenticator codes, administration.
  "accounts.validation.oldPasswordRequired": "Old password field is required",
  "accounts.validation.newPasswordRequired": "New password field is required",
  "accounts.validation.confirmPasswordRequired": "Confirm password field is required",
  "accounts.validation.mustDiffer": "New password must be different from the old password",
  "accounts.validation.confirmMismatch": "Confirm password does not match new password",
  "accounts.validation.uniqueCharacters": "Password must contain at least 6 unique characters",
  "accounts.validation.codeRequired": "Code field is required",
  "accounts.validation.codeInvalid": "Code is not valid",
  "accounts.validation.userStatus": "Status must be active or disabled",

  // Lists (every list endpoint's query).
  "table.validation.pageNumber": "Page must be a number",
  "table.validation.pageMin": "Page starts at 1",
  "table.validation.pageSizeNumber": "Page size must be a number",
  "table.validation.pageSizeRange": "Page size must be between 1 and 100",
  "table.validation.sortBy": "Sort by one of: {{fields}}",

  // Catalogue, plans and payments.
  "commerce.validation.priceNumber": "Price must be a number",
  "commerce.validation.priceNegative": "Price cannot be negative",
  "commerce.validation.priceTooLarge": "Price is too large",
  "commerce.validation.priceDecimals": "Price can have at most two decimals",
  "commerce.validation.currency": "Currency must be USD, EUR or TRY",
  "commerce.validation.billingPeriod": "Billing period must be monthly, yearly or once",
  "commerce.validation.durationNumber": "Duration must be a number of days",
  "commerce.validation.durationWhole": "Duration must be a whole number of days",
  "commerce.validation.durationMin": "Duration must be at least 1 day",
  "commerce.validation.durationMax": "Duration must be at most 36500 days",
  "commerce.validation.activationsNumber": "Max activations must be a number",
  "commerce.validation.activationsWhole": "Max activations must be a whole number",
  "commerce.validation.activationsMin": "Max activations must be at least 1",
  "commerce.validation.activationsMax": "Max activations must be at most 100000",
  "commerce.validation.releasesNumber": "Releases per 30 days must be a number",
  "commerce.validation.releasesMin": "Releases per 30 days cannot be negative",
  "commerce.validation.chooseFeature": "Choose at least one feature",
  "commerce.validation.featureCode": "Code must be 2 to 64 capital letters, digits, dots, hyphens or underscores, starting with a letter or digit",
  "commerce.validation.brand": "Brand must be one of {{brands}}",
  "commerce.validation.last4Required": "Last four digits are required",
  "commerce.validation.last4": "Last four digits must be 4 digits",
  "commerce.validation.expMonthRequired": "Expiry month is required",
  "commerce.validation.expMonth": "Expiry month must be 1 to 12",
  "commerce.validation.expYearRequired": "Expiry year is required",
  "commerce.validation.expYear": "Expiry year is not valid",
  "commerce.validation.cardExpired": "This card has expired",
  "commerce.validation.fullNumberRefused": "The full card number and security code are never sent to the server",
  "commerce.validation.countryRequired": "Country field is required",
  "commerce.validation.country": "Country must be an ISO 3166 two-letter code",
  // The add-card form's own checks of the full number, which never leaves the browser.
  "commerce.validation.cardNumberRequired": "Enter the card number",
  "commerce.validation.cardNumberInvalid": "This card number is not valid. Check the digits.",

  // Licence requests.
  "licenses.validation.trialDays": "Trial days must be a whole number between 1 and 90",
  "licenses.validation.heartbeatSeconds": "Heartbeat interval must be a whole number of seconds between 60 and 86400",
  "licenses.validation.expirationStrategy": "Expiration strategy must be revoke or perpetual_fallback",
  "licenses.validation.offlineTtlDays": "Offline validity must be a whole number of days between 1 and 3650",
  "licenses.validation.channel": "Channel must be stable, rc, beta, alpha or dev",
  "licenses.validation.channelsRequired": "Choose at least one release channel",
  "licenses.validation.ttl": "TTL must be a whole number of seconds between 3600 and 31536000",
  "licenses.validation.planOrFeatures": "Choose either a plan or features",
  "licenses.validation.planRequired": "Choose a plan",
  "licenses.validation.planInvalid": "Not a valid plan",
  "licenses.validation.projectInvalid": "Not a valid project",
  "licenses.validation.quantityNumber": "Quantity must be a number",
  "licenses.validation.quantityWhole": "Quantity must be a whole number",
  "licenses.validation.quantityRange": "Quantity must be between 1 and 100",
  "licenses.validation.noteTooLong": "Note must be at most 2000 characters",
  "licenses.validation.reasonRequired": "Reason field is required",
  "licenses.validation.reasonTooLong": "Reason must be at most 2000 characters",

  // Orders.
  "orders.validation.discount": "Discount must be a percentage from 0 to 100 with at most two decimals",
  "orders.validation.validUntilRequired": "Valid until field is required",
  "orders.validation.validUntil": "Valid until must be a date",
  "orders.validation.validUntilPast": "Valid until must be in the future",
  "orders.validation.referenceRequired": "Payment reference field is required",
  "orders.validation.referenceTooLong": "Payment reference must be at most 200 characters",
  "orders.validation.messageTooLong": "Message must be at most 2000 characters",

  // API tokens and webhooks.
  "apiTokens.validation.scope": "Each scope must be one of the listed scopes",
  "apiTokens.validation.scopesRequired": "Choose at least one scope",
  "apiTokens.validation.expiresAtPast": "Expires at must be in the future",
  "webhooks.validation.url": "URL must be a valid https:// address",
  "webhooks.validation.urlRequired": "URL field is required",
  "webhooks.validation.events": "Events must be a list of event names",
  "webhooks.validation.eventsRequired": "Choose at least one event",
  "webhooks.validation.status": "Status must be pending, delivered or failed",

  // Tickets.
  "tickets.validation.assignee": "Assignee must be a user id",
  "tickets.validation.assigneeFilter": "Assignee must be a user id or none",
  "tickets.validation.limitNumber": "Limit must be a number",
  "tickets.validation.limitWhole": "Limit must be a whole number",
  "tickets.validation.limitRange": "Limit must be between 1 and 20",
  "tickets.validation.inline": "Inline must be 1 or 0",

  // Updates (the wizard's texts are the spec's).
  "updates.wizard.fillAllFields": "Please fill in all fields",
  "updates.validation.type": "Type must be major or minor",
  "updates.validation.status": "Status must be draft or published",
  "updates.validation.commandsList": "Commands must be a list of texts",
  "updates.validation.version": "Version must be a semantic version such as 2.4.0",
  "updates.validation.license": "Licence must be a licence id",
  "updates.validation.verificationStatus": "Status must be verified or not_verified",

  // FAQ and demo requests.
  "faq.validation.languages": "Languages are {{languages}}",
  "faq.validation.perLanguage": "{{label}} must be an object of texts by language code",
  "faq.validation.oneLanguage": "{{label}} needs at least one language",
  "faq.validation.languageTag": "Not a language tag",
  "faq.validation.orderWhole": "Order must be a whole number",
  "faq.validation.orderMin": "Order must be 0 or more",
  "faq.validation.orderMax": "Order must be at most 1000000",
  "faq.validation.category": "Choose a category",
  "faq.validation.direction": "Direction must be up or down",

  // Settings.
  "settings.validation.theme": "Theme must be light, dark or auto",
  "settings.validation.language": "Language must be one of {{languages}}",
  "settings.validation.density": "Table density must be comfortable or compact",
  "settings.validation.timeZone": "Time zone must be an IANA zone name such as Europe/Istanbul",
  "settings.validation.unknownTimeZone": "Unknown time zone: use an IANA zone name such as Europe/Istanbul",

  // Log monitor.
  "logMonitor.validation.outcome": "Outcome is success or failure",
  "logMonitor.validation.cursor": "Not a valid cursor",
  "logMonitor.validation.eventId": "Not a valid event id",
} as const;

export type MessageKey = keyof typeof messageCatalogue;
export type MessageParams = Readonly<Record<string, string | number>>;
export interface KeyedMessage {
  key: MessageKey;
  params: MessageParams;
}

/** Between a key and its parameters in a schema's message: never part of a key. */
const PARAMS_SEPARATOR = "|";

/** The message a schema gives: the key, then its parameters as JSON ("validation.tooLong|{"label":"Name","max":120}"). */
export function messageOf(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}${PARAMS_SEPARATOR}${JSON.stringify(params)}` : key;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messageCatalogue, value);
}

/** The key and parameters of a message made by `messageOf`; anything else (a text, zod's own English) is not one. */
export function readMessage(text: string): KeyedMessage | undefined {
  const at = text.indexOf(PARAMS_SEPARATOR);
  const key = at === -1 ? text : text.slice(0, at);
  if (!isMessageKey(key)) return undefined;
  if (at === -1) return { key, params: {} };
  try {
    const params: unknown = JSON.parse(text.slice(at + 1));
    return typeof params === "object" && params !== null ? { key, params: params as MessageParams } : undefined;
  } catch {
    return undefined;
  }
}

function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** A schema's message in English, as the server answers it; a text that is not a key is already English. */
export function englishOf(text: string): string {
  const found = readMessage(text);
  return found ? interpolate(messageCatalogue[found.key], found.params) : text;
}

interface EnglishIndex {
  exact: Map<string, MessageKey>;
  patterns: { key: MessageKey; pattern: RegExp; names: string[] }[];
}

let index: EnglishIndex | undefined;

function englishIndex(): EnglishIndex {
  if (index) return index;
  const built: EnglishIndex = { exact: new Map(), patterns: [] };
  for (const key of Object.keys(messageCatalogue) as MessageKey[]) {
    const template = messageCatalogue[key];
    const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
    if (names.length === 0) {
      built.exact.set(template, key);
      continue;
    }
    const source = template
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("(.+?)");
    built.patterns.push({ key, pattern: new RegExp(`^${source}$`), names });
  }
  index = built;
  return built;
}

/**
 * The key (and parameters) of an English message the server answered: an exact text first (so
 * "First name field is required" is its own key, not "<label> field is required"), then the
 * texts with parameters, in the catalogue's order.
 */
export function messageFromEnglish(text: string): KeyedMessage | undefined {
  const { exact, patterns } = englishIndex();
  const key = exact.get(text);
  if (key) return { key, params: {} };
  for (const entry of patterns) {
    const match = entry.pattern.exec(text);
    if (match) return { key: entry.key, params: Object.fromEntries(entry.names.map((name, at) => [name, match[at + 1]!])) };
  }
  return undefined;
}
