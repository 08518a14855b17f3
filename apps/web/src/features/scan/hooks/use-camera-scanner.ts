import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { loadQrDetector } from '../lib/load-detector.ts';
import { startScanLoop } from '../lib/scan-loop.ts';
import { withTimeout } from '../lib/scan-result.ts';
import { CAMERA_CONSTRAINTS, VIDEO_PLAY_TIMEOUT_MS } from '../lib/scanner-constants.ts';

export type TCameraStatus = 'starting' | 'scanning' | 'unavailable';

type TTorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TTorchConstraint = MediaTrackConstraintSet & { torch?: boolean };

async function setTorch(track: MediaStreamTrack, on: boolean): Promise<boolean> {
  try {
    await track.applyConstraints({ advanced: [{ torch: on } as TTorchConstraint] });
    return on;
  } catch {
    return !on;
  }
}

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Opens the camera (rear preferred) in `videoRef`, turns the torch on where the track has one, and
 * decodes QR codes at most every 500 ms, calling `onText` with each text read. The camera stops
 * when the component unmounts. Any failure to get a playing camera is "unavailable".
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  onText: (text: string) => void,
) {
  const [status, setStatus] = useState<TCameraStatus>('starting');
  const [torch, setTorchState] = useState<{ supported: boolean; on: boolean }>({
    supported: false,
    on: false,
  });
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let stopLoop: (() => void) | null = null;
    const video = videoRef.current;

    async function start() {
      if (!video || !navigator.mediaDevices?.getUserMedia) {
        setStatus('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
        if (cancelled) return;
        video.srcObject = stream;
        await withTimeout(video.play(), VIDEO_PLAY_TIMEOUT_MS, 'Video did not start');
        if (cancelled) return;
      } catch {
        // NotFoundError, NotAllowedError, NotReadableError, a play time-out...: no usable camera.
        stopStream(stream);
        stream = null;
        video.srcObject = null;
        if (!cancelled) setStatus('unavailable');
        return;
      }

      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      const capabilities = (track?.getCapabilities?.() ?? {}) as TTorchCapabilities;
      if (track && capabilities.torch) {
        const on = await setTorch(track, true);
        if (!cancelled) setTorchState({ supported: true, on });
      }
      if (cancelled) return;
      setStatus('scanning');

      let detector: Awaited<ReturnType<typeof loadQrDetector>>;
      try {
        detector = await loadQrDetector();
      } catch (error) {
        console.error('The QR decoder could not be loaded.', error);
        return;
      }
      if (cancelled) return;
      let reported = false;
      stopLoop = startScanLoop({
        detect: async () => {
          if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
          const codes = await detector.detect(video);
          return codes[0]?.rawValue ?? null;
        },
        onResult: (text) => onTextRef.current(text),
        onError: (error) => {
          if (!reported) console.error('QR decoding failed.', error);
          reported = true;
        },
      });
    }

    void start();
    return () => {
      cancelled = true;
      stopLoop?.();
      stopStream(stream);
      trackRef.current = null;
      if (video) video.srcObject = null;
    };
  }, [videoRef]);

  const toggleTorch = useCallback(async () => {
    const track = trackRef.current;
    if (!track) return;
    const on = await setTorch(track, !torch.on);
    setTorchState({ supported: true, on });
  }, [torch.on]);

  return { status, torch, toggleTorch };
}
