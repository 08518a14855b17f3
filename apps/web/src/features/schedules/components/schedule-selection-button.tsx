import { useLingui } from '@lingui/react';
import type { TApplyScheduleResult, TAssetSelection } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { SCHEDULE_TEXTS } from '../texts.ts';
import { ScheduleFormDialog } from './schedule-form-dialog.tsx';

type TScheduleSelectionButtonProps = {
  selection: TAssetSelection;
  /** "For the 3 assets selected." or "For all 1,234 assets the list shows." */
  scope: string;
  /** The schedules are created: the message to show, then what to reload. */
  onDone: (message: string) => void;
};

/** The asset list's "Schedule maintenance": the same schedule on each selected asset (administrators). */
export function ScheduleSelectionButton({ selection, scope, onDone }: TScheduleSelectionButtonProps) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {_(SCHEDULE_TEXTS.bulkButton)}
      </Button>
      {open ? (
        <ScheduleFormDialog
          target={{ kind: 'selection', selection, scope }}
          onClose={() => setOpen(false)}
          onApplied={(result: TApplyScheduleResult) =>
            onDone(_(SCHEDULE_TEXTS.bulkDone(result.created, result.tasksCreated)))
          }
        />
      ) : null}
    </>
  );
}
