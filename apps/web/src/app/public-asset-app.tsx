import type { TPublicAsset } from '@mqr/contracts';
import { LanguageSwitcher } from '#web/components/ui/language-switcher.tsx';
import { PublicAssetContent } from '#web/features/public-asset/components/public-asset-content.tsx';
import { HeaderBar, type THeaderLink } from './shell/header-bar.tsx';
import { ShellFrame } from './shell/shell-frame.tsx';

/** `/a/{organizationId}/{slug}` read from a path as the app's route reads it; null for any other path. */
export function publicAssetParams(pathname: string): { organizationId: string; slug: string } | null {
  const match = /^\/a\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
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

/**
 * The lean public asset page (ADR 032): the shell as a signed-out visitor sees it and the asset,
 * without the router, React Query or the schemas.
 */
export function PublicAssetApp({
  organizationId,
  slug,
  preloaded,
}: {
  organizationId: string;
  slug: string;
  preloaded?: Promise<TPublicAsset>;
}) {
  return (
    <ShellFrame
      header={<HeaderBar snapshot={SIGNED_OUT} pathname={window.location.pathname} Link={PlainLink} />}
      footer={<LanguageSwitcher />}
    >
      <PublicAssetContent organizationId={organizationId} slug={slug} preloaded={preloaded} />
    </ShellFrame>
  );
}
