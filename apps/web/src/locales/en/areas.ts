import table from "./table";
import accounts from "./accounts";
import commerce from "./commerce";
import licenses from "./licenses";
import orders from "./orders";
import ordersAdmin from "./orders-admin";
import apiTokens from "./api-tokens";
import webhooks from "./webhooks";
import settings from "./settings";
import ticketsInbox from "./tickets-inbox";
import dashboards from "./dashboards";
import shell from "./shell";

/** English strings of the logged-in areas: loaded with the main layout, not by /auth/login. */
const areas = {
  ...shell,
  licenses,
  orders,
  ordersAdmin,
  apiTokens,
  webhooks,
  settings,
  table,
  accounts,
  commerce,
  dashboards,
  // Only what the top bar needs; the ticket pages bring the rest (lib/i18n loadEnglishFeature).
  tickets: ticketsInbox,
};

export default areas;
