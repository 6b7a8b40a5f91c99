/** Accounts (the administrators' user management) and their sessions. */
export { usersRoutes } from "./users.routes.js";
export { presentUser } from "./users.presenters.js";
export { revokeAllSessions, revokeSession, startSession } from "./sessions.js";
export { hasAnotherActiveAdmin } from "./users.service.js";
