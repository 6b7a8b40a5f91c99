import type { User } from "@portal/contract";
import type { UserRow } from "../../db/schema/index.js";

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    userName: row.userName,
    isAdmin: row.isAdmin,
    d_created: row.createdAt.toISOString(),
    status: row.status,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}
