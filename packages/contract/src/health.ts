import { z } from "zod";

export const healthSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  /** Only when single sign-on is configured (OIDC_ISSUER): whether its provider can be used now. */
  sso: z.enum(["ok", "unavailable"]).optional(),
});
export type Health = z.infer<typeof healthSchema>;
