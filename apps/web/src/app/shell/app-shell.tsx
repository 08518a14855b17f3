import { Outlet, ScrollRestoration } from 'react-router';
import { LanguageSwitcher } from '#web/components/ui/language-switcher.tsx';
import { useSessionStartup } from '#web/features/auth/hooks/use-session-startup.ts';
import { UpdatePrompt } from '#web/features/offline/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { Header } from './header.tsx';
import { ShellFrame } from './shell-frame.tsx';

/** The app's shell around the route open. Also runs the signed-in startup refresh. */
export function AppShell() {
  useSessionStartup();
  // Signed out (the sign-in page...), the visitor chooses the language; signed in, their profile does.
  const signedIn = useAuth() !== null;
  return (
    <>
      <ShellFrame header={<Header />} footer={signedIn ? null : <LanguageSwitcher />}>
        <Outlet />
      </ShellFrame>
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}
