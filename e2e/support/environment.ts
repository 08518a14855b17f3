export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
/** A second server some specs start themselves (one with a mail server): the port after E2E_PORT. */
export const E2E_SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? E2E_PORT + 1);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The demo accounts the server creates on first start with these passwords. */
export const E2E_ADMIN = {
  email: 'admin@example.com',
  password: 'e2e-admin-password',
  displayName: 'Administrator',
};
export const E2E_MEMBER = {
  email: 'member@example.com',
  password: 'e2e-member-password',
  displayName: 'Demo member',
};

/**
 * The environment of an end-to-end server on `port` with its data in `dataDir`: the demo accounts
 * above, the test clock and the switches the specs rely on. Playwright's web server and the servers
 * specs start themselves (support/server-process.ts) both use it.
 */
export function serverEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    DEMO_MEMBER_EMAIL: E2E_MEMBER.email,
    DEMO_MEMBER_PASSWORD: E2E_MEMBER.password,
    SUPPORT_EMAIL: 'help@e2e.example.com',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    // Specs of planned maintenance move the server's clock (PUT /api/test/clock) and put it back.
    TEST_CLOCK: 'true',
    // The single sign-on spec starts an OpenID provider on this machine, without TLS.
    SSO_ALLOW_HTTP: 'true',
    // The webhooks spec starts its receiver on this machine, over http, and wants retries quick; the
    // single sign-on spec's provider is on this machine too (the private-address guard, ADR 082).
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOKS_FIRST_RETRY_SECONDS: '1',
    // Reports made through the API by the specs (support/reports.ts) each come from an address of
    // their own, as visitors' do: the suite's many reports would reach one address's limit.
    TRUST_PROXY: '127.0.0.1',
  };
}
