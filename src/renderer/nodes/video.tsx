// The video player: an MP4 or WebM asset in a <video>, its poster drawn until it starts, and
// Material controls as parts (`<testTag>.play`, `.progress`, `.mute`). Playing, pausing and the end
// reach the runtime as `playback` interactions (playingKey, onEnded); a write to playingKey plays or
// pauses it. With motion "none" the video is never loaded: it stays on its poster, so screenshots
// repeat, and play only writes the key.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { VideoPlayerNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { Frame } from '../frame.tsx';
import { OBJECT_FIT } from '../style-css.ts';
import { Icon } from '../icons.tsx';
import { trackLoad, useAssetUrl } from '../loading.ts';
import type { NodeProps } from '../node.tsx';

/** How long settled() waits for a video's metadata at most. */
const METADATA_WAIT_MS = 5000;

interface Clock {
  current: number;
  duration: number;
}

/** m:ss of whole seconds. */
function clockText(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function VideoPlayer({ node, parent, env }: NodeProps<VideoPlayerNode>) {
  const video = useRef<HTMLVideoElement>(null);
  const src = useAssetUrl(env.assets, node.asset);
  const poster = useAssetUrl(env.assets, node.poster);
  const live = env.motion && src !== null;
  // Without playingKey the player keeps whether it plays itself.
  const [ownPlaying, setOwnPlaying] = useState(false);
  const playing = node.playingBound ? node.playing : ownPlaying;
  const [muted, setMuted] = useState(node.autoplay);
  const [started, setStarted] = useState(false);
  const [clock, setClock] = useState<Clock>({ current: 0, duration: 0 });

  const report = (nowPlaying: boolean, ended = false) => {
    setOwnPlaying(nowPlaying);
    env.interact({ type: 'playback', key: node.key, playing: nowPlaying, ended });
  };
  // The key decides: a write to it (or a tap that wrote it) plays or pauses the video.
  useEffect(() => {
    const element = video.current;
    if (!live || !element) return;
    if (playing && element.paused) element.play().catch(() => report(false));
    if (!playing && !element.paused) element.pause();
  }, [playing, live]);
  useEffect(() => {
    if (live && node.autoplay) report(true);
  }, [live, node.autoplay]);
  // settled() waits for the duration, so the time the controls read is known when the screen is.
  useEffect(() => {
    const element = video.current;
    if (!live || !element || element.readyState >= HTMLMediaElement.HAVE_METADATA) return;
    trackLoad(new Promise((resolve) => {
      const done = () => resolve(undefined);
      element.addEventListener('loadedmetadata', done, { once: true });
      element.addEventListener('error', done, { once: true });
      setTimeout(done, METADATA_WAIT_MS);
    }));
  }, [src, live]);

  const toggle = () => report(!playing);
  const tick = () => {
    const element = video.current!;
    setClock({ current: element.currentTime, duration: element.duration });
  };
  const fit = OBJECT_FIT[node.contentScale];
  const a11y = { id: node.key, testTag: node.testTag, role: null, text: node.label };
  return (
    <Frame env={env} node={node} parent={parent} class="ps-video" a11y={a11y} base={{ width: '100%', aspectRatio: '16 / 9' }}>
      {live ? (
        <video
          ref={video}
          class="ps-video-media"
          src={src}
          muted={muted}
          loop={node.loop}
          playsInline
          preload="metadata"
          style={{ objectFit: fit }}
          onPlay={() => { setStarted(true); if (!playing) report(true); }}
          onPause={(event) => { if (!(event.currentTarget as HTMLVideoElement).ended && playing) report(false); }}
          onEnded={() => report(false, true)}
          onTimeUpdate={tick}
          onLoadedMetadata={tick}
        />
      ) : null}
      {!started ? (
        poster !== null ? <img class="ps-video-poster" src={poster} alt="" draggable={false} style={{ objectFit: fit }} /> : <div class="ps-video-poster ps-video-no-poster"><Icon name="movie" size={40} /></div>
      ) : null}
      {node.controls ? (
        <>
          <div
            class="ps-video-play"
            {...a11yAttributes({ id: `${node.key}#play`, testTag: partTag(node.testTag, 'play'), role: 'Button', text: playing ? 'Pause' : 'Play' })}
            onClick={(event) => { event.stopPropagation(); toggle(); }}
          >
            <Icon name={playing ? 'pause' : 'play_arrow'} size={36} />
          </div>
          <div class="ps-video-bar">
            <span class="ps-video-time">{clockText(clock.current)} / {clockText(clock.duration)}</span>
            <div
              class="ps-video-progress"
              {...a11yAttributes({ id: `${node.key}#progress`, testTag: partTag(node.testTag, 'progress'), role: 'ProgressBar', text: null, range: { current: Math.floor(clock.current), min: 0, max: Math.floor(Number.isFinite(clock.duration) ? clock.duration : 0) } })}
            >
              <div class="ps-video-progress-done" style={{ width: `${clock.duration > 0 ? (clock.current / clock.duration) * 100 : 0}%` }} />
            </div>
            <div
              class="ps-video-mute"
              {...a11yAttributes({ id: `${node.key}#mute`, testTag: partTag(node.testTag, 'mute'), role: 'Button', text: muted ? 'Unmute' : 'Mute' })}
              onClick={(event) => { event.stopPropagation(); setMuted(!muted); }}
            >
              <Icon name={muted ? 'volume_off' : 'volume_up'} size={20} />
            </div>
          </div>
        </>
      ) : null}
    </Frame>
  );
}
