import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

export const OIDC_CLIENT_ID = "portal";
export const OIDC_CLIENT_SECRET = "portal-client-secret-for-tests";

/** An account of the test provider: its login (the subject) and the claims it gives. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The provider's accounts by login (= subject); tests change them between logins. */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, certified) on 127.0.0.1 with its development login form
 * (any password is accepted for a login of `accounts`), consent skipped for the portal's client,
 * and one confidential client whose redirect URI is the portal's callback.
 */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "groups"],
    },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const current = accounts.get(id) ?? {};
          return { sub: id, ...current };
        },
      };
    },
    // The portal is a first-party client: no consent screen (the login form is the provider's own).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-provider-cookie-key"] },
    // Short-lived, as a test needs them (and the provider does not log a notice for each default).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    pkce: { required: () => true },
  };
  const provider = new Provider(issuer, configuration);
  server.on("request", provider.callback());
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for one browser at the provider (name → value, paths ignored). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs in at the provider as a browser would, from the authorization URL the portal redirected to:
 * the login form is submitted with `login` (any password), redirects are followed until the provider
 * sends the browser back to `redirectUri`. Answers that URL (with `code`, `state`, `iss` or `error`).
 */
export async function loginAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Jar();
  let next = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(next, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: jar.header(), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(form ? { body: form.toString() } : {}),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, next);
      if (target.href.startsWith(redirectUri)) return target;
      next = target;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider's page: ${page.slice(0, 500)}`);
    next = new URL(action.replace(/&amp;/g, "&"), next);
    form = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any-password" } : { prompt });
  }
  throw new Error("the provider never sent the browser back");
}
