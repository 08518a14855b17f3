import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

type TCardProps = HTMLAttributes<HTMLElement> & { as?: 'section' | 'article' | 'div' };

export function Card({ as: Tag = 'section', className, ...rest }: TCardProps) {
  return <Tag className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />;
}
