import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { ScanPage } from './scan-page.tsx';

const detect = vi.fn<(source: unknown) => Promise<{ rawValue: string }[]>>();
vi.mock('../lib/load-detector.ts', () => ({ loadQrDetector: async () => ({ detect }) }));
const loadImage = vi.fn(async () => ({ tagName: 'IMG' }));
vi.mock('../lib/load-image.ts', () => ({ loadImage: () => loadImage() }));

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
const NO_CAMERA = 'No camera detected. Try using a device with a camera or open the QR code link manually.';

function fakeCamera(capabilities: Record<string, unknown> = {}) {
  const track = {
    stop: vi.fn(),
    getCapabilities: () => capabilities,
    applyConstraints: vi.fn(async () => {}),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { track, getUserMedia };
}

/** The scan page and a stand-in public page (the real router is covered by router tests). */
function renderApp(path: string) {
  return renderRoutes(
    [
      { path: '/scan', Component: ScanPage },
      { path: '/a/:organizationId/:slug', element: <p>Public asset page</p> },
    ],
    path,
  );
}

describe('scan page', () => {
  beforeEach(() => {
    authStore.logout();
    detect.mockReset().mockResolvedValue([]);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('asks for the rear camera and opens the public page of a scanned asset code', async () => {
    const { getUserMedia, track } = fakeCamera();
    detect.mockResolvedValue([{ rawValue: `https://qr.example.com/a/${ORG}/pump-3` }]);
    const { router } = renderApp('/scan');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/a/${ORG}/pump-3`));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    // Leaving the page stops the camera.
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('shows any other text as "Scanned: ..." with a note that it is not an asset code', async () => {
    fakeCamera();
    detect.mockResolvedValue([{ rawValue: 'hello world' }]);
    const { router } = renderApp('/scan');
    expect(await screen.findByText('Scanned: hello world')).toBeInTheDocument();
    expect(screen.getByText('This is not an asset code.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/scan');
  });

  it('turns the torch on where the camera has one, with a toggle', async () => {
    const { track } = fakeCamera({ torch: true });
    renderApp('/scan');
    const toggle = await screen.findByRole('button', { name: 'Torch' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
  });

  it('has no torch toggle when the camera has no torch', async () => {
    fakeCamera();
    renderApp('/scan');
    await waitFor(() => expect(detect).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Torch' })).toBeNull();
  });

  it('says there is no camera without mediaDevices', async () => {
    renderApp('/scan');
    expect(await screen.findByText(NO_CAMERA)).toBeInTheDocument();
  });

  it.each(['NotFoundError', 'NotAllowedError'])('says there is no camera on %s', async (name) => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(new DOMException('no', name));
    renderApp('/scan');
    expect(await screen.findByText(NO_CAMERA)).toBeInTheDocument();
  });

  it('says there is no camera when the video does not play within 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { track } = fakeCamera();
      vi.mocked(HTMLMediaElement.prototype.play).mockReturnValue(new Promise(() => {}));
      renderApp('/scan');
      await vi.advanceTimersByTimeAsync(4900);
      expect(screen.queryByText(NO_CAMERA)).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(await screen.findByText(NO_CAMERA)).toBeInTheDocument();
      expect(track.stop).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('decodes a chosen photo the same way', async () => {
    const { router } = renderApp('/scan');
    await screen.findByText(NO_CAMERA);
    detect.mockResolvedValue([{ rawValue: `http://127.0.0.1:3202/a/${ORG}/pump-3` }]);
    const input = screen.getByLabelText('Scan from a photo');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await userEvent.setup().upload(input, new File(['x'], 'qr.png', { type: 'image/png' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/a/${ORG}/pump-3`));
    expect(detect).toHaveBeenCalledWith({ tagName: 'IMG' });
  });

  it('says so when a photo holds no QR code', async () => {
    renderApp('/scan');
    await screen.findByText(NO_CAMERA);
    await userEvent
      .setup()
      .upload(screen.getByLabelText('Scan from a photo'), new File(['x'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('No QR code was found in this photo.')).toBeInTheDocument();
  });
});
