import type { ApiTokenRow } from "../../db/schema/index.js";
import type { Executor } from "../../db/client.js";
import { notify } from "../notifications/index.js";

/**
 * The owner hears of every token made or revoked on their account (type "security_alerts": in the app
 * and by e-mail through the durable queue, in the change's transaction): a token is a credential, and a
 * stolen session could mint one. Wake the mailer after the commit.
 */

type Owner = { id: string; email: string; firstname: string };

const LINK = "/preferences";

export function notifyTokenCreated(tx: Executor, owner: Owner, token: ApiTokenRow, publicUrl: string): Promise<void> {
  const expiry = token.expiresAt ? ` It expires on ${token.expiresAt.toISOString().slice(0, 10)}.` : " It does not expire.";
  return notify(
    tx,
    owner,
    {
      type: "security_alerts",
      title: "A new API token was created",
      body: `The API token "${token.name}" (${token.prefix}…) was created for your account with the scopes ${token.scopes.join(", ")}.${expiry} If this was not you, revoke it under Preferences → API tokens and change your password.`,
      link: LINK,
    },
    publicUrl,
  );
}

export function notifyTokenRevoked(tx: Executor, owner: Owner, token: ApiTokenRow, byOwner: boolean, publicUrl: string): Promise<void> {
  return notify(
    tx,
    owner,
    {
      type: "security_alerts",
      title: "An API token was revoked",
      body: `The API token "${token.name}" (${token.prefix}…) was revoked${byOwner ? "" : " by an administrator"}: it no longer works.`,
      link: LINK,
    },
    publicUrl,
  );
}
