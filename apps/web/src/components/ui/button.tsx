import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost';

function classes(variant: TButtonVariant, block: boolean | undefined, extra: string | undefined) {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TButtonVariant;
  block?: boolean;
  children: ReactNode;
};

export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: TButtonProps) {
  return <button type={type} className={classes(variant, block, className)} {...rest} />;
}

type TButtonLinkProps = LinkProps & { variant?: TButtonVariant; block?: boolean };

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: TButtonLinkProps) {
  return <Link className={classes(variant, block, className)} {...rest} />;
}
