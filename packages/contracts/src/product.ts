// No zod here: every page's bundle reads it without the schemas (ADR 032).

/** The product's name: the header's title without an organization, the footer, page titles. */
export const PRODUCT_NAME = 'Maintenance QR';
