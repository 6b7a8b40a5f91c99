import table from "./table";
import accounts from "./accounts";
import commerce from "./commerce";
import licenses from "./licenses";
import updates from "./updates";
import tickets from "./tickets";

/** English strings of the logged-in areas: loaded with the main layout, not by /auth/login. */
const areas = {
  licenses,
  updates,
  table,
  accounts,
  commerce,
  tickets,
};

export default areas;
