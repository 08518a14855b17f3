/**
 * What the labels feature offers the other features (ADR 022): the label dialog for a source of
 * assets (a selection, the list's search, what an import created: contracts' TLabelSource), and a
 * button that opens it.
 */
export { PrintLabelsButton } from './components/print-labels-button.tsx';
export { PrintLabelsDialog } from './components/print-labels-dialog.tsx';
