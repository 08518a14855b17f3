import { fileExtensionLabel, isImageContentType, type TFile } from '@mqr/contracts';
import styles from './attachment-list.module.css';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Attachments: each opens in a new tab; images as thumbnails, other files with their extension label. */
export function AttachmentList({ files }: { files: TFile[] }) {
  return (
    <ul className={styles.list}>
      {files.map((file) => (
        <li key={file.id}>
          <a className={styles.link} href={file.publicUrl} target="_blank" rel="noopener noreferrer">
            {isImageContentType(file.contentType) ? (
              <img className={styles.thumb} src={file.publicUrl} alt="" loading="lazy" />
            ) : (
              <span className={styles.badge} aria-hidden="true">
                {fileExtensionLabel(file.fileName)}
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.name}>{file.fileName}</span>
              <span className={styles.meta}>
                {file.contentType || 'Unknown type'} · {formatSize(file.size)}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
