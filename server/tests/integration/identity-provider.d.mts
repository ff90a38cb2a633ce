// Types of identity-provider.mjs for the web's Playwright spec (web/e2e/sso.spec.ts), which starts the same
// test OpenID provider.
export interface TestKey {
  kid: string;
  alg: 'RS256' | 'ES256';
}
export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
  alg: 'RS256' | 'ES256' | 'HS256';
}
export interface TestIdentityProvider {
  issuer: string;
  keys: { rsa: TestKey; ec: TestKey };
  counts: Record<string, number>;
  count(path: string): number;
  tamper(t: { claims?: (c: Record<string, unknown>) => Record<string, unknown>; key?: TestKey; kid?: string; once?: boolean }): void;
  publishExtraKey(key: TestKey): void;
  stop(): Promise<void>;
}
export function makeKey(alg: 'RS256' | 'ES256', kid?: string): Promise<TestKey>;
export function startIdentityProvider(options: {
  port: number;
  clients: TestClient[];
  accounts: Record<string, Record<string, unknown>>;
}): Promise<TestIdentityProvider>;
export function loginAtProvider(authorizationUrl: string, accountId: string): Promise<string>;
