import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionStartup } from '#web/features/auth/hooks/use-session-startup.ts';
import { UpdatePrompt } from '#web/features/offline/index.ts';
import { Header } from './header.tsx';
import { ShellFrame } from './shell-frame.tsx';

/** The app's shell around the route open. Also runs the signed-in startup refresh. */
export function AppShell() {
  useSessionStartup();
  return (
    <>
      <ShellFrame header={<Header />}>
        <Outlet />
      </ShellFrame>
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}
