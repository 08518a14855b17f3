import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { fileExtensionLabel, isImageContentType, type TFile } from '@mqr/contracts';
import { formatNumber } from '#web/lib/dates.ts';
import styles from './attachment-list.module.css';

const UNKNOWN_TYPE = msg`Unknown type`;

/** A file's size in the active language's numbers: 512 B, 34 KB, 1.5 MB (1,5 MB...). */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, 1)} MB`;
}

/** Attachments: each opens in a new tab; images as thumbnails, other files with their extension label. */
export function AttachmentList({ files }: { files: TFile[] }) {
  const { _ } = useLingui();
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
                {file.contentType || _(UNKNOWN_TYPE)} · {formatSize(file.size)}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
