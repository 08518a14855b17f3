import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type TButtonVariant } from './button.tsx';

type TButtonLinkProps = LinkProps & { variant?: TButtonVariant; block?: boolean };

/**
 * A link that looks like a button (navigation stays a link for assistive technology). Apart from
 * Button so that pages without the router (the lean public page, ADR 032) do not load it.
 */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: TButtonLinkProps) {
  return <Link className={buttonClasses(variant, block, className)} {...rest} />;
}
