/**
 * What the labels feature offers the other features (ADR 022): the label dialog for a source of
 * assets or locations (a selection, the list's search, what an import created, a location's tree:
 * contracts' TLabelSource), or a choice of sources, and a button that opens it.
 */
export { PrintLabelsButton } from './components/print-labels-button.tsx';
export { PrintLabelsDialog, type TLabelChoices } from './components/print-labels-dialog.tsx';
