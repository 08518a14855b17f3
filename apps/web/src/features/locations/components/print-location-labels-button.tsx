import { useLingui } from '@lingui/react';
import type { TLocationNode } from '@mqr/contracts';
import type { TButtonVariant } from '#web/components/ui/button.tsx';
import { PrintLabelsButton } from '#web/features/labels/index.ts';
import { LOCATION_TEXTS } from '../texts.ts';

type TPrintLocationLabelsButtonProps = {
  location: Pick<TLocationNode, 'id' | 'name' | 'childCount'>;
  variant?: TButtonVariant;
};

/**
 * "Print labels" of a location's own QR code (ADR 126): the label dialog, which for a location with
 * locations inside it offers it with every location inside it (first) or alone.
 */
export function PrintLocationLabelsButton({ location, variant }: TPrintLocationLabelsButtonProps) {
  const { _ } = useLingui();
  const alone = { source: { locationIds: [location.id] }, count: 1 };
  const text = _(LOCATION_TEXTS.printLabels);
  if (location.childCount === 0) {
    return (
      <PrintLabelsButton variant={variant} {...alone}>
        {text}
      </PrintLabelsButton>
    );
  }
  return (
    <PrintLabelsButton
      variant={variant}
      choices={{
        label: _(LOCATION_TEXTS.labelsOf),
        options: [
          { label: _(LOCATION_TEXTS.labelsOfTree(location.name)), source: { locationTree: location.id } },
          { label: _(LOCATION_TEXTS.labelsOfOne(location.name)), ...alone },
        ],
      }}
    >
      {text}
    </PrintLabelsButton>
  );
}
