/**
 * The few parts of oidc-provider (a dev dependency without bundled types) the
 * tests use to run a real OpenID provider on 127.0.0.1.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface FoundAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface ProviderConfiguration {
    findAccount?: (ctx: unknown, id: string) => Promise<FoundAccount | undefined> | FoundAccount | undefined;
    [option: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }

  export default Provider;
}
