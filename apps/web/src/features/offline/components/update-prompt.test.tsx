import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { UpdatePrompt } from './update-prompt.tsx';

const pwa = vi.hoisted(() => ({
  update: vi.fn(async () => {}),
  onNeedRefresh: undefined as (() => void) | undefined,
}));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    pwa.onNeedRefresh = options.onNeedRefresh;
    return pwa.update;
  },
}));

describe('the update prompt', () => {
  it('says nothing until a new version waits, then reloads onto it when asked', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    registerServiceWorker();
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available.')).toBeNull();
    act(() => pwa.onNeedRefresh?.());
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available.');
    expect(pwa.update).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwa.update).toHaveBeenCalledWith(true);
  });
});
