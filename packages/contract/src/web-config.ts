import { z } from "zod";

/** What the web app needs to know of the server's settings at run time (no login: the login page may show it). */
export const webConfigSchema = z.object({
  /** The vendor's support and consulting site (SUPPORT_URL): the navbar's link and the profile menu's "Help and support". */
  supportUrl: z.url(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
