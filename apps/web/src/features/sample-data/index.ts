/**
 * What the sample data feature offers the other features (ADR 022): "Add sample data" for an empty
 * organization, and the notice with "Remove sample data" while the sample is there.
 */
export { SampleDataNotice } from './components/sample-data-notice.tsx';
export { SampleDataOffer } from './components/sample-data-offer.tsx';
