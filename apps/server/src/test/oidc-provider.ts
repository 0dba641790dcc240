import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A person of the test provider, with the claims it vouches for. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  /** The issuer identifier, http://127.0.0.1:<port>. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Without a login page: the account the next sign-in is finished as. */
  signInAs(account: TestOidcAccount): void;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  redirectUris: string[];
  /** The port to listen on (0: any free one). */
  port?: number;
  /**
   * The provider's own login page (oidc-provider's development interactions): a person types a
   * login that names one of `accounts` and any password. Without it, every sign-in is finished at
   * once as the account given to signInAs.
   */
  loginPage?: { accounts: Record<string, TestOidcAccount> };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a local port: discovery, keys,
 * authorization with PKCE, the token endpoint and signed ID tokens, as a campus provider has them.
 * Consent is skipped, as for a university's own first-party client.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = 'carpool-test';
  const clientSecret = 'test-client-secret-that-must-never-leak';
  let automatic: TestOidcAccount | null = null;
  const accounts = new Map<string, TestOidcAccount>();
  for (const [login, account] of Object.entries(options.loginPage?.accounts ?? {})) accounts.set(login, account);

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: Boolean(options.loginPage) } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? (automatic?.sub === id ? automatic : undefined);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account, sub: account.sub }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const interaction = /^\/interaction\/[\w-]+$/.test((request.url ?? '').split('?')[0]!);
      if (interaction && !options.loginPage) {
        if (!automatic) throw new Error('signInAs was not called before the sign-in');
        accounts.set(automatic.sub, automatic);
        await provider.interactionFinished(request, response, { login: { accountId: automatic.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      handle(request, response);
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      automatic = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
