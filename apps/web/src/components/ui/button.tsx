import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost';

/** The classes of a button's look (shared with ButtonLink). */
export function buttonClasses(
  variant: TButtonVariant,
  block: boolean | undefined,
  extra: string | undefined,
) {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TButtonVariant;
  block?: boolean;
  children: ReactNode;
};

export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: TButtonProps) {
  return <button type={type} className={buttonClasses(variant, block, className)} {...rest} />;
}
