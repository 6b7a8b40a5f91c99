import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { ErrorCode, SsoIdentity, TokenAnswer } from "@portal/contract";
import type { Database } from "../../db/client.js";
import { oidcFlows, userIdentities, users, type UserRow } from "../../db/schema/index.js";
import { recordAudit } from "../../db/audit.js";
import { AppError } from "../../lib/app-error.js";
import type { RequestContext } from "../../lib/request-context.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { truncateText } from "../../lib/storable-text.js";
import { hashToken, newOpaqueToken } from "../../lib/tokens.js";
import type { Mailing } from "../jobs/index.js";
import { hasAnotherActiveAdmin, presentUser } from "../users/index.js";
import { transactionWithWebhooks } from "../webhooks/index.js";
import { recordLoginFailure, signIn, statusRefusals } from "./auth.service.js";
import type { OidcSettings } from "./oidc-client.js";

/** How long a login may stay at the provider (state, nonce and PKCE verifier are kept that long). */
export const LOGIN_FLOW_SECONDS = 600;
/** How long the web app has to exchange the one-time code of the callback. */
export const HANDOFF_SECONDS = 60;

/** What the provider told us about the person (ID token, completed by the userinfo answer). */
export interface ProviderClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  groups: readonly string[];
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

/** A refused single sign-on: the code for `sso_error`, and what the audit log records. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

/**
 * A path on this site to land on after the login: "/licenses?x=1" yes; "//evil", "/\evil",
 * "https://…", control characters no (undefined).
 */
export function sameSitePath(redirect: string | undefined): string | undefined {
  if (!redirect || !redirect.startsWith("/") || redirect.startsWith("//") || redirect.startsWith("/\\")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(redirect)) return undefined;
  try {
    const resolved = new URL(redirect, "http://portal.invalid");
    if (resolved.host !== "portal.invalid") return undefined;
  } catch {
    return undefined;
  }
  return redirect;
}

/** Keeps a login at the provider: the browser holds `secret` in its cookie, the rest stays here. */
export async function saveLoginFlow(
  db: Database,
  flow: { secret: string; state: string; nonce: string; codeVerifier: string; redirect: string | undefined },
): Promise<void> {
  // Old flows nobody came back for go as new ones come in.
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, sql`now()`));
  await db.insert(oidcFlows).values({
    kind: "login",
    secretHash: hashToken(flow.secret),
    state: flow.state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    redirect: flow.redirect ?? null,
    expiresAt: sql`now() + make_interval(secs => ${LOGIN_FLOW_SECONDS})`,
  });
}

/** The login started with this cookie, once: it is deleted as it is read. */
export async function takeLoginFlow(db: Database, secret: string) {
  const [flow] = await db
    .delete(oidcFlows)
    .where(and(eq(oidcFlows.secretHash, hashToken(secret)), eq(oidcFlows.kind, "login")))
    .returning();
  if (!flow || flow.expiresAt.getTime() < Date.now() || !flow.state || !flow.nonce || !flow.codeVerifier) return undefined;
  return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, redirect: flow.redirect ?? undefined };
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

function namesOf(claims: ProviderClaims, email: string): { firstname: string; lastname: string } {
  const spaced = claims.name?.trim().split(/\s+/) ?? [];
  const firstname = claims.givenName?.trim() || spaced[0] || email.slice(0, email.indexOf("@"));
  const lastname = claims.familyName?.trim() || (spaced.length > 1 ? spaced.slice(1).join(" ") : "");
  return { firstname: truncateText(firstname, 100), lastname: truncateText(lastname, 100) };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Finds or makes the account of a provider identity, by the contract's rules:
 * - the (issuer, subject) pair names one account;
 * - a new subject links to an existing account only by an e-mail the provider marks verified;
 * - a new subject with a verified e-mail nobody has gets a new account without a password, active
 *   at once when its domain is in OIDC_AUTO_APPROVE_DOMAINS, else pending like a sign-up;
 * - with OIDC_ADMIN_GROUPS set, the `groups` claim grants or removes admin at each login;
 * - locked, pending or disabled accounts are refused with the login codes.
 * Answers the one-time code the web app exchanges for a session.
 */
export async function completeSsoLogin(
  db: Database,
  settings: OidcSettings,
  claims: ProviderClaims,
  context: RequestContext,
  waker: Mailing,
): Promise<string> {
  const issuer = settings.issuer;
  const email = claims.email?.trim().toLowerCase();
  const audited = { method: "oidc", issuer, subject: claims.subject };
  const refuse = async (code: ErrorCode, reason: string, user?: UserRow): Promise<never> => {
    await recordLoginFailure(db, context, reason, user, email ?? claims.subject, audited);
    throw new SsoRefusal(code, reason);
  };

  const [linked] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, claims.subject)))
    .limit(1);
  let user = linked?.user;

  if (!user) {
    if (!email || !EMAIL_SHAPE.test(email) || email.length > 254) return refuse("auth/sso_failed", "no_email_claim");
    if (!claims.emailVerified) return refuse("auth/sso_email_unverified", "email_unverified");
    const [owner] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (owner) {
      // Another subject of this provider already holds the account: an address the provider gave
      // to someone else is no key to it.
      const [other] = await db
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, owner.id), eq(userIdentities.issuer, issuer)))
        .limit(1);
      if (other) return refuse("auth/sso_failed", "email_linked_to_other_subject", owner);
      user = await db.transaction(async (tx) => {
        await tx.insert(userIdentities).values({ userId: owner.id, issuer, subject: claims.subject, email });
        const [updated] = owner.emailVerifiedAt
          ? [owner]
          : await tx.update(users).set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, owner.id)).returning();
        await recordAudit(tx, { ...context, actorId: owner.id }, { action: "auth.sso_linked", targetType: "user", targetId: owner.id, details: { issuer, subject: claims.subject, email } });
        return updated ?? owner;
      });
    } else {
      const autoApproved = settings.autoApproveDomains.includes(emailDomain(email));
      user = await transactionWithWebhooks(db, waker, async (tx, webhooks) => {
        const [created] = await tx
          .insert(users)
          .values({
            email,
            userName: email,
            ...namesOf(claims, email),
            passwordHash: null,
            status: autoApproved ? "active" : "pending",
            emailVerifiedAt: sql`now()`,
            ...(autoApproved ? { approvedAt: sql`now()` } : {}),
          })
          .returning();
        if (!created) throw new Error("insert returned no row");
        await tx.insert(userIdentities).values({ userId: created.id, issuer, subject: claims.subject, email });
        await recordAudit(tx, { ...context, actorId: created.id }, { action: "auth.register", targetType: "user", targetId: created.id, details: { method: "oidc", issuer, subject: claims.subject } });
        if (autoApproved) {
          await recordAudit(tx, { ...context, actorId: null }, { action: "user.approved", targetType: "user", targetId: created.id, details: { reason: "oidc_auto_approve_domain", domain: emailDomain(email) } });
        }
        await webhooks.emit("user.registered", presentUser(created));
        return created;
      });
    }
  }

  const refusal = statusRefusals[user.status];
  if (refusal) return refuse(refusal, user.status, user);

  const adminGroups = settings.adminGroups;
  const identityEmail = email && email.length <= 254 ? email : null;
  return db.transaction(async (tx) => {
    if (adminGroups.length > 0) {
      let admin = claims.groups.some((group) => adminGroups.includes(group));
      if (!admin && user.isAdmin) {
        // The last active administrator keeps the role (as the users page refuses to demote them).
        if (!(await hasAnotherActiveAdmin(tx, user.id))) admin = true;
      }
      if (admin !== user.isAdmin) {
        await tx.update(users).set({ isAdmin: admin, updatedAt: sql`now()` }).where(eq(users.id, user.id));
        await recordAudit(tx, { ...context, actorId: null }, {
          action: admin ? "user.admin_granted" : "user.admin_revoked",
          targetType: "user",
          targetId: user.id,
          details: { reason: "oidc_groups", issuer, subject: claims.subject, changes: { isAdmin: admin } },
        });
      }
    }
    await tx
      .update(userIdentities)
      .set({ lastLoginAt: sql`now()`, ...(identityEmail ? { email: identityEmail } : {}) })
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, claims.subject)));
    const code = newOpaqueToken();
    await tx.insert(oidcFlows).values({
      kind: "handoff",
      secretHash: hashToken(code),
      userId: user.id,
      issuer,
      subject: claims.subject,
      expiresAt: sql`now() + make_interval(secs => ${HANDOFF_SECONDS})`,
    });
    await recordAudit(tx, { ...context, actorId: user.id }, {
      action: "auth.sso_login",
      targetType: "user",
      targetId: user.id,
      details: { issuer, subject: claims.subject, email: identityEmail, groups: claims.groups.slice(0, 50) },
    });
    return code;
  });
}

/**
 * POST /auth/oidc/exchange: the one-time code for a session, the same answer as a password login.
 * The code is spent with the session (so a second try answers auth/sso_failed); a refusal for the
 * second factor leaves it for the retry with the authenticator's code, within its 60 seconds.
 */
export async function exchangeSsoCode(
  db: Database,
  input: { code: string; otp?: string | undefined },
  context: RequestContext,
  tokenTtlMinutes: number,
  totpSecrets: SecretBox,
): Promise<TokenAnswer> {
  const codeHash = hashToken(input.code);
  const [found] = await db
    .select({ flow: oidcFlows, user: users })
    .from(oidcFlows)
    .innerJoin(users, eq(users.id, oidcFlows.userId))
    .where(and(eq(oidcFlows.secretHash, codeHash), eq(oidcFlows.kind, "handoff"), gt(oidcFlows.expiresAt, sql`now()`)))
    .limit(1);
  if (!found) {
    await recordLoginFailure(db, context, "sso_code_invalid", undefined, "(single sign-on code)", { method: "oidc" });
    throw new AppError("auth/sso_failed");
  }
  const { flow, user } = found;
  return signIn(db, user, {
    otp: input.otp,
    login: user.email,
    context,
    tokenTtlMinutes,
    totpSecrets,
    details: { method: "oidc", issuer: flow.issuer, subject: flow.subject },
    refusal: "auth/sso_failed",
    claim: async (tx) => {
      const spent = await tx.delete(oidcFlows).where(and(eq(oidcFlows.id, flow.id), gt(oidcFlows.expiresAt, sql`now()`))).returning({ id: oidcFlows.id });
      return spent.length === 1;
    },
  });
}

/** The provider identities linked to an account (the preferences show them). */
export async function identitiesOf(db: Database, userId: string): Promise<SsoIdentity[]> {
  const rows = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt);
  return rows.map((row) => ({
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    d_created: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }));
}
