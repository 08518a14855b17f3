import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/** A message in the active language, where a component's content is a text of a texts.ts (docs/translating.md). */
export function Translated({ message }: { message: MessageDescriptor }) {
  const { _ } = useLingui();
  return _(message);
}
