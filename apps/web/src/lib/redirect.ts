import { paths } from "./paths";

/** The `?redirect=` of spec section 6: admin routes send an anonymous visitor to login with it; login honours it. */

/** `/auth/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2` */
export function loginPathWithRedirect(fullPath: string): string {
  return `${paths.auth.login}?${new URLSearchParams({ redirect: fullPath }).toString()}`;
}

/**
 * A `?redirect=` value is only followed when it is a path of this app: it starts with one "/",
 * is not protocol-relative or a backslash trick, does not lead back into /auth, and stays on this origin.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return undefined;
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, "http://portal.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "http://portal.invalid") return undefined;
  if (url.pathname === paths.auth.root || url.pathname.startsWith(`${paths.auth.root}/`)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a successful login leads: the asked-for page when it is safe, else the dashboard. */
export function afterLoginTarget(redirectParam: string | null | undefined): string {
  return safeRedirectTarget(redirectParam) ?? paths.dashboard;
}

