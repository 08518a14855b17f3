import { useEffect, useRef, useState } from 'react';
import { photoUrlOf, usePhotoUrl } from '../api/requests-api.ts';
import styles from './requests.module.css';

/** Whether the element is on the screen or near it (always, where the browser cannot tell). */
function useNearScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * The list's small picture of a request's first photo: fetched with the signed-in request (as the
 * detail page's), only once its row comes near the screen, a few at a time. Decorative: the count
 * beside it says what it is.
 */
export function RequestThumbnail({ requestId, photoId }: { requestId: string; photoId: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const near = useNearScreen(ref);
  const objectUrl = usePhotoUrl(photoUrlOf(requestId, photoId), near);
  return (
    <span ref={ref} className={styles.thumbnail}>
      {objectUrl ? <img src={objectUrl} alt="" width={40} height={40} /> : null}
    </span>
  );
}
