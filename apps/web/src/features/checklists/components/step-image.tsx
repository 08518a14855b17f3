import { useState } from 'react';
import styles from './checklist-runner.module.css';

type TStepImageProps = { src: string; alt: string; kind: 'photo' | 'signature' };

/**
 * A step's photo or signature. One taken offline shows from this device until it is sent; after a
 * reload without a connection its preview is gone, and the image's description shows instead.
 */
export function StepImage({ src, alt, kind }: TStepImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) return <p className={styles.readAnswer}>{alt}</p>;
  return (
    <img
      className={kind === 'signature' ? styles.signature : styles.photo}
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
    />
  );
}
