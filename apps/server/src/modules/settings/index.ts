/** Each user's interface settings (theme, language, sidebar, table density, time zone). */
export { settingsRoutes } from "./settings.routes.js";
