import type { TPublicAsset, TPublicLocation, TRequestStatus } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '#web/components/ui/language-switcher.tsx';
import { PublicAssetContent } from '#web/features/public-asset/components/public-asset-content.tsx';
import { RequestStatusContent } from '#web/features/public-asset/components/request-status-content.tsx';
import { PublicLocationContent } from '#web/features/public-location/components/public-location-content.tsx';
import { HeaderBar, type THeaderLink } from './shell/header-bar.tsx';
import { ShellFrame } from './shell/shell-frame.tsx';

type TPublicParams = { organizationId: string; slug: string };

/** `/a/{organizationId}/{slug}` read from a path as the app's route reads it; null for any other path. */
export function publicAssetParams(pathname: string): TPublicParams | null {
  return publicParams(/^\/a\/([^/]+)\/([^/]+)\/?$/, pathname);
}

/** `/l/{organizationId}/{slug}` (a location's QR code) read from a path; null for any other path. */
export function publicLocationParams(pathname: string): TPublicParams | null {
  return publicParams(/^\/l\/([^/]+)\/([^/]+)\/?$/, pathname);
}

/** `/r/{token}` (a reporter's status link) read from a path; null for any other path. */
export function publicRequestToken(pathname: string): string | null {
  const match = /^\/r\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

function publicParams(pattern: RegExp, pathname: string): TPublicParams | null {
  const match = pattern.exec(pathname);
  if (!match) return null;
  try {
    return { organizationId: decodeURIComponent(match[1]!), slug: decodeURIComponent(match[2]!) };
  } catch {
    return null; // malformed escapes
  }
}

/** A plain link: every link of the lean page leaves it for the app (a page load, not a route change). */
const PlainLink: THeaderLink = ({ to, end, className, onClick, children }) => {
  const { pathname } = window.location;
  const isActive = pathname === to || (!end && to !== '/' && pathname.startsWith(`${to}/`));
  return (
    <a
      href={to}
      className={typeof className === 'function' ? className(isActive) : className}
      aria-current={typeof className === 'function' && isActive ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
};

const SIGNED_OUT = { auth: null, organization: null };

/** The shell as a signed-out visitor sees it, around a lean public page. */
function PublicShell({ children }: { children: ReactNode }) {
  return (
    <ShellFrame
      header={<HeaderBar snapshot={SIGNED_OUT} pathname={window.location.pathname} Link={PlainLink} />}
      footer={<LanguageSwitcher />}
    >
      {children}
    </ShellFrame>
  );
}

/**
 * The lean public asset page (ADR 032): the shell as a signed-out visitor sees it and the asset,
 * without the router, React Query or the schemas.
 */
export function PublicAssetApp({
  organizationId,
  slug,
  preloaded,
}: TPublicParams & { preloaded?: Promise<TPublicAsset> }) {
  return (
    <PublicShell>
      <PublicAssetContent organizationId={organizationId} slug={slug} preloaded={preloaded} />
    </PublicShell>
  );
}

/** The lean public location page (ADR 032): a location's name, path and assets, read-only. */
export function PublicLocationApp({
  organizationId,
  slug,
  preloaded,
}: TPublicParams & { preloaded?: Promise<TPublicLocation> }) {
  return (
    <PublicShell>
      <PublicLocationContent organizationId={organizationId} slug={slug} preloaded={preloaded} />
    </PublicShell>
  );
}

/** The reporter's status page /r/{token} (docs/product/requests.md), lean like the asset's. */
export function PublicRequestApp({
  token,
  preloaded,
}: {
  token: string;
  preloaded?: Promise<TRequestStatus>;
}) {
  return (
    <PublicShell>
      <RequestStatusContent token={token} preloaded={preloaded} />
    </PublicShell>
  );
}
