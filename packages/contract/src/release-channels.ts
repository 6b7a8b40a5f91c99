/**
 * Release channels (API.md "Release channels and entitlement-gated updates"), from the most to the
 * least stable. An update is on one; a licence follows one or more (default `["stable"]`).
 *
 * No zod here (licensing.ts builds the schemas and re-exports this): the web's logged-in layout
 * shows channel badges, and importing a value from a module of schemas brought every schema of it,
 * and zod, into the layout's chunk.
 */
export const releaseChannels = ["stable", "rc", "beta", "alpha", "dev"] as const;
