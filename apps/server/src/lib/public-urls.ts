/** Addresses the API hands out for assets and files (relative unless said otherwise). */

/** The absolute public page of an asset, which its QR code encodes. */
export function assetPublicUrl(publicBaseUrl: string, organizationId: string, slug: string): string {
  return `${publicBaseUrl}/a/${organizationId}/${slug}`;
}

/** The staff QR PNG of an asset (signed in, fetched with the bearer token). */
export function assetQrCodeUrl(assetId: string): string {
  return `/api/assets/${assetId}/qr.png`;
}

/** The public asset itself (GET, no sign-in): what the public page shows. */
export function publicAssetApiUrl(organizationId: string, slug: string): string {
  return `/public/orgs/${organizationId}/assets/${slug}`;
}

/** The public QR PNG of an asset (no sign-in). */
export function publicAssetQrCodeUrl(organizationId: string, slug: string): string {
  return `${publicAssetApiUrl(organizationId, slug)}/qr.png`;
}

/** The absolute public page of a location, which its QR code encodes. */
export function locationPublicUrl(publicBaseUrl: string, organizationId: string, slug: string): string {
  return `${publicBaseUrl}/l/${organizationId}/${slug}`;
}

/** The staff QR PNG of a location (signed in, fetched with the bearer token). */
export function locationQrCodeUrl(locationId: string): string {
  return `/api/locations/${locationId}/qr.png`;
}

/** Where a stored file is served (the public files route). */
export function filePublicUrl(file: { id: string; organizationId: string }): string {
  return `/public/orgs/${file.organizationId}/files/${file.id}`;
}
