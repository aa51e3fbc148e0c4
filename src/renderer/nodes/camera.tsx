// The camera preview: the device camera's stream (on a launched web device, Chromium's fake camera
// showing a still test card) in a <video>, mirrored for the front camera, and a shutter part
// (`<testTag>.shutter`) that keeps the frame as a PNG image asset `capture-<n>` and reports it as a
// `capture` interaction (the id goes to captureKey). The page keeps the newest captures only.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CameraPreviewNode } from '../../runtime/model.ts';
import type { AssetStore } from '../assets.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { trackLoad } from '../loading.ts';
import type { NodeProps } from '../node.tsx';

/** Captures the page keeps as assets; an older one is removed when a newer one is taken. */
const MAX_KEPT_CAPTURES = 8;

type CameraStatus = 'starting' | 'live' | 'unavailable';

const keptCaptures: string[] = [];
let captureCount = 0;

/** Keeps a frame as the next capture asset and forgets the oldest past the limit; answers its id. */
function keepCapture(assets: AssetStore, bytes: Uint8Array): string {
  const id = `capture-${++captureCount}`;
  assets.putBytes(id, 'image/png', bytes);
  keptCaptures.push(id);
  while (keptCaptures.length > MAX_KEPT_CAPTURES) assets.remove(keptCaptures.shift()!);
  return id;
}

/** Resolves once the video has presented a frame, so a capture never takes an empty one. */
function firstFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => resolve());
    else resolve();
  });
}

/** The video's current frame as PNG bytes, as the camera delivers it (a front camera's unmirrored). */
async function frameBytes(video: HTMLVideoElement): Promise<Uint8Array | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  if (canvas.width === 0 || canvas.height === 0) return null;
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
}

export function CameraPreview({ node, parent, env }: NodeProps<CameraPreviewNode>) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let current = true;
    setStatus('starting');
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setStatus('unavailable');
      return;
    }
    const starting = media.getUserMedia({ video: { facingMode: node.facing === 'front' ? 'user' : 'environment' }, audio: false }).then(
      async (opened) => {
        if (!current) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        video.current!.srcObject = opened;
        await video.current!.play();
        await firstFrame(video.current!);
        if (current) setStatus('live');
      },
    ).catch(() => current && setStatus('unavailable'));
    trackLoad(starting);
    return () => {
      current = false;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [node.facing]);

  const capture = async () => {
    if (status !== 'live' || !video.current) return;
    const taking = frameBytes(video.current).then((bytes) => {
      if (bytes) env.interact({ type: 'capture', key: node.key, asset: keepCapture(env.assets, bytes) });
    });
    trackLoad(taking);
    await taking;
  };
  const a11y = { id: node.key, testTag: node.testTag, role: null, text: status === 'unavailable' ? 'Camera, unavailable' : node.label };
  return (
    <Frame env={env} node={node} parent={parent} class="ps-camera" a11y={a11y} base={{ width: '100%', aspectRatio: '3 / 4' }}>
      <video ref={video} class={node.facing === 'front' ? 'ps-camera-feed ps-camera-mirrored' : 'ps-camera-feed'} muted playsInline data-ps-camera={status} />
      {status === 'unavailable' ? (
        <div class="ps-camera-unavailable"><Icon name="no_photography" size={40} />No camera</div>
      ) : null}
      {node.shutter ? (
        <div
          class="ps-camera-shutter"
          {...a11yAttributes({ id: `${node.key}#shutter`, testTag: partTag(node.testTag, 'shutter'), role: 'Button', text: 'Take photo', enabled: status === 'live' })}
          onClick={(event) => { event.stopPropagation(); void capture(); }}
        />
      ) : null}
    </Frame>
  );
}
