export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);

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
