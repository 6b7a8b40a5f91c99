import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and localhost: where a plain-http OpenID provider is accepted (tests, local development). */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}
