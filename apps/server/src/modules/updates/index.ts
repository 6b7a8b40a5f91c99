/** Software updates: drafts, verification, publishing and downloads. */
export { updateRoutes } from "./updates.routes.js";
// The steps of the administrators' wizard, which the demo seeding takes too.
export { createDraft, publishUpdate, setCommands, setVerification } from "./updates.service.js";
