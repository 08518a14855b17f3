/** The single sign-on words of the sign-in, return and link screens. */
export const SSO_SIGN_IN_TEXTS = {
  // The sign-in page.
  signInWith: (provider: string) => `Sign in with ${provider}`,
  redirecting: 'Opening your provider...',
  otherWay: 'or with your email and password',
  // The return from the provider (/login/sso).
  callbackTitle: 'Signing you in...',
  backToSignIn: 'Back to sign in',
  // An account that exists but never signed in with this provider links once, with its password.
  linkTitle: 'Link your account',
  linkIntro: (email: string, organization: string, provider: string) =>
    `${email} already has an account at ${organization}. Enter its password once to sign in with ${provider} from now on.`,
  linkPasswordLabel: 'Password',
  linkSubmit: 'Link and sign in',
  linkSubmitting: 'Linking...',
} as const;
