import type { MessageAuthorRole } from "@portal/contract";

/** Who wrote a message, as the reader sees it: the customer is "you" to themself and "customer" to the team. */
export function authorRoleKey(role: MessageAuthorRole, viewer: "customer" | "admin") {
  if (role === "user") return viewer === "customer" ? ("tickets.role.user" as const) : ("tickets.role.customer" as const);
  return role === "admin" ? ("tickets.role.admin" as const) : ("tickets.role.support" as const);
}
