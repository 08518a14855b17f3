import { msg } from '@lingui/core/macro';

/** The sign-in page's words (translated, docs/translating.md). */
export const SIGN_IN_TEXTS = {
  title: msg`Sign in`,
  subtitle: msg`Access the maintenance dashboard`,
  email: msg`Email`,
  password: msg`Password`,
  signingIn: msg`Signing in...`,
  submit: msg`Sign in`,
  genericError: msg`Unable to sign in right now. Please try again.`,
  unreachable: msg`Unable to reach the server. Check your connection and try again.`,
};

/** The single sign-on words of the sign-in, return and link screens. */
export const SSO_SIGN_IN_TEXTS = {
  // The sign-in page.
  signInWith: (provider: string) => msg`Sign in with ${provider}`,
  redirecting: msg`Opening your provider...`,
  otherWay: msg`or with your email and password`,
  // The return from the provider (/login/sso).
  callbackTitle: msg`Signing you in...`,
  backToSignIn: msg`Back to sign in`,
  // An account that exists but never signed in with this provider links once, with its password.
  linkTitle: msg`Link your account`,
  linkIntro: (email: string, organization: string, provider: string) =>
    msg`${email} already has an account at ${organization}. Enter its password once to sign in with ${provider} from now on.`,
  linkPasswordLabel: msg`Password`,
  linkSubmit: msg`Link and sign in`,
  linkSubmitting: msg`Linking...`,
};
