import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignaturePadField } from './signature-pad-field.tsx';

// jsdom draws nothing: a 2D context that records what signature_pad asks of it, and a canvas whose
// PNG export is a known one-pixel image.
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let drawn: string[] = [];

function fakeContext(): CanvasRenderingContext2D {
  const record =
    (name: string) =>
    (..._args: unknown[]) => {
      drawn.push(name);
    };
  return new Proxy({} as Record<string, unknown>, {
    get: (target, name: string) => target[name] ?? record(name),
    set: (target, name: string, value) => {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

beforeEach(() => {
  drawn = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fakeContext() as unknown as null,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
    (type?: string) => `data:${type ?? 'image/png'};base64,${PIXEL_PNG}`,
  );
});
afterEach(() => vi.restoreAllMocks());

function show(onSave = vi.fn()) {
  render(
    <>
      <span id="step-label">Technician's signature</span>
      <SignaturePadField labelId="step-label" onSave={onSave} />
    </>,
  );
  return onSave;
}

/** One stroke with the pen: down on the pad, across, and up (signature_pad hears the window). */
function drawStroke(canvas: HTMLElement) {
  const pen = { pointerId: 7, buttons: 1, button: 0, bubbles: true, cancelable: true };
  fireEvent.pointerDown(canvas, { ...pen, clientX: 10, clientY: 20 });
  for (const x of [30, 60, 90, 120])
    fireEvent.pointerMove(window, { ...pen, clientX: x, clientY: 20 + x / 4 });
  fireEvent.pointerUp(window, { ...pen, buttons: 0, clientX: 130, clientY: 50 });
}

describe('the signature pad', () => {
  it('is a named group with a drawing area, and refuses to save an empty signature', async () => {
    const user = userEvent.setup();
    const onSave = show();
    expect(screen.getByRole('group', { name: "Technician's signature" })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Signature area/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign first, then save.');
    expect(screen.getByRole('img', { name: /Signature area/ })).toHaveAccessibleDescription(
      'Sign first, then save.',
    );
  });

  it('draws what the pen draws and saves it as a PNG file', async () => {
    const user = userEvent.setup();
    const onSave = show();
    drawStroke(screen.getByRole('img', { name: /Signature area/ }));
    expect(drawn).toEqual(expect.arrayContaining(['beginPath', 'fill']));
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const file = onSave.mock.calls[0]![0] as File;
    expect(file.name).toBe('signature.png');
    expect(file.type).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The PNG signature, then the bytes the canvas exported.
    expect(Array.from(bytes.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBe(atob(PIXEL_PNG).length);
  });

  it('starts again when cleared', async () => {
    const user = userEvent.setup();
    const onSave = show();
    drawStroke(screen.getByRole('img', { name: /Signature area/ }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes no drawing and no press while busy', () => {
    render(
      <>
        <span id="busy-label">Sign-off</span>
        <SignaturePadField labelId="busy-label" busy onSave={vi.fn()} />
      </>,
    );
    drawStroke(screen.getByRole('img', { name: /Signature area/ }));
    expect(drawn).not.toContain('fill');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
