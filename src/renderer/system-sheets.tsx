// What the device itself draws for platform calls, above the prototype: the cue of a haptic or a
// sound, the browser sheet a link opens, and the share sheet. Observe lists their parts by testTag
// (`feedback.cue`, `browser.url`, `browser.close`, `share.preview`, `share.target.<id>`, `share.cancel`).
import type { ResolvedPlatformCall } from '../runtime/index.ts';
import { Icon } from './icons.tsx';

/** The share targets the web device offers: what a phone's sheet would list first. */
export const SHARE_TARGETS = [
  { id: 'messages', label: 'Messages', icon: 'sms' },
  { id: 'mail', label: 'Mail', icon: 'mail' },
  { id: 'copy', label: 'Copy', icon: 'content_copy' },
  { id: 'drive', label: 'Drive', icon: 'cloud_upload' },
] as const;

export type ShareTargetId = (typeof SHARE_TARGETS)[number]['id'];

export interface SystemUi {
  /** The latest haptic or sound, shown for a moment (serial restarts its animation). */
  cue: { call: 'haptics.perform' | 'sound.play'; name: string; serial: number } | null;
  browser: { url: string } | null;
  share: Extract<ResolvedPlatformCall, { call: 'share.open' }> | null;
}

export const NO_SYSTEM_UI: SystemUi = { cue: null, browser: null, share: null };

export interface SystemSheetsProps {
  ui: SystemUi;
  dark: boolean;
  onShareTarget(target: ShareTargetId): void;
  onShareCancel(): void;
  onBrowserClose(): void;
}

export function SystemSheets({ ui, dark, onShareTarget, onShareCancel, onBrowserClose }: SystemSheetsProps) {
  const chrome = dark ? ' ps-dark-chrome' : '';
  return (
    <>
      {ui.cue ? <FeedbackCue key={ui.cue.serial} cue={ui.cue} chrome={chrome} /> : null}
      {ui.browser ? <BrowserSheet url={ui.browser.url} chrome={chrome} onClose={onBrowserClose} /> : null}
      {ui.share ? <ShareSheet call={ui.share} chrome={chrome} onTarget={onShareTarget} onCancel={onShareCancel} /> : null}
    </>
  );
}

/** A haptic buzzes the pill, a sound shows a speaker: what a person watching the device notices. */
function FeedbackCue({ cue, chrome }: { cue: NonNullable<SystemUi['cue']>; chrome: string }) {
  const haptic = cue.call === 'haptics.perform';
  const label = haptic ? `Haptic: ${cue.name}` : `Sound: ${cue.name}`;
  return (
    <div class={`ps-feedback-cue${haptic ? ' ps-haptic' : ''}${chrome}`} role="status" aria-label={label} data-ps-a11y="feedback.cue" data-testid="feedback.cue">
      <Icon name={haptic ? 'vibration' : 'volume_up'} size={18} />
      <span>{label}</span>
    </div>
  );
}

/**
 * The in-app browser a link opens. It names the page and does not load it: the device runs no
 * page a spec points at (the destination policy covers requests, not pages with their scripts).
 */
function BrowserSheet({ url, chrome, onClose }: { url: string; chrome: string; onClose(): void }) {
  const host = new URL(url).host;
  return (
    <div class={`ps-system-scrim`} onPointerDown={(event) => event.stopPropagation()}>
      <div class={`ps-browser-sheet${chrome}`} role="dialog" aria-label={`Browser: ${host}`}>
        <div class="ps-browser-bar">
          <span class="ps-browser-close" role="button" aria-label="Close browser" data-ps-a11y="browser.close" data-testid="browser.close" onClick={onClose}>
            <Icon name="close" size={24} />
          </span>
          <span class="ps-browser-url" aria-label={url} data-ps-a11y="browser.url" data-testid="browser.url">
            <Icon name="lock" size={16} />
            <span>{host}</span>
          </span>
        </div>
        <div class="ps-browser-page">
          <Icon name="public" size={48} />
          <span class="ps-browser-title">{host}</span>
          <span class="ps-browser-note">{url}</span>
        </div>
      </div>
    </div>
  );
}

function ShareSheet({ call, chrome, onTarget, onCancel }: { call: Extract<ResolvedPlatformCall, { call: 'share.open' }>; chrome: string; onTarget(target: ShareTargetId): void; onCancel(): void }) {
  const { items } = call.summary;
  const preview = items.subject ?? items.text ?? items.url ?? (items.contact ? 'Contact card' : items.images > 0 ? `${items.images} image${items.images === 1 ? '' : 's'}` : `${items.files.length} file${items.files.length === 1 ? '' : 's'}`);
  const detail = [items.url && items.url !== preview ? items.url : null, items.contact ? 'vCard' : null, items.images > 0 && preview !== `${items.images} images` ? `${items.images} image${items.images === 1 ? '' : 's'}` : null, ...items.files.map((file) => file.name)].filter(Boolean).join(' · ');
  return (
    <div class="ps-system-scrim" onClick={onCancel}>
      <div class={`ps-share-sheet${chrome}`} role="dialog" aria-label="Share" onClick={(event) => event.stopPropagation()}>
        <div class="ps-share-handle" />
        <div class="ps-share-preview" aria-label={detail ? `${preview}, ${detail}` : preview} data-ps-a11y="share.preview" data-testid="share.preview">
          <Icon name={items.contact ? 'contact_page' : items.images > 0 ? 'image' : items.url ? 'link' : 'description'} size={24} />
          <span class="ps-share-preview-text">
            <span class="ps-share-title">{preview}</span>
            {detail ? <span class="ps-share-detail">{detail}</span> : null}
          </span>
        </div>
        <div class="ps-share-targets">
          {SHARE_TARGETS.map((target) => (
            <span key={target.id} class="ps-share-target" role="button" aria-label={target.label} data-ps-a11y={`share.target.${target.id}`} data-testid={`share.target.${target.id}`} onClick={() => onTarget(target.id)}>
              <span class="ps-share-icon"><Icon name={target.icon} size={24} /></span>
              <span>{target.label}</span>
            </span>
          ))}
        </div>
        <span class="ps-share-cancel" role="button" aria-label="Cancel" data-ps-a11y="share.cancel" data-testid="share.cancel" onClick={onCancel}>Cancel</span>
      </div>
    </div>
  );
}

export const SYSTEM_SHEETS_CSS = `
.ps-feedback-cue { position: absolute; top: 32px; left: 50%; transform: translateX(-50%); display: flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: 16px; background: #303030; color: #f2f2f2; font: 500 13px/18px Roboto, sans-serif; z-index: 60; pointer-events: none; animation: ps-cue 900ms ease-out forwards; }
.ps-feedback-cue.ps-haptic { animation: ps-cue 900ms ease-out forwards, ps-buzz 90ms linear 3; }
@keyframes ps-cue { 0% { opacity: 0; } 10% { opacity: 1; } 75% { opacity: 1; } 100% { opacity: 0; } }
@keyframes ps-buzz { 0%, 100% { margin-left: 0; } 25% { margin-left: -2px; } 75% { margin-left: 2px; } }
.ps-system-scrim { position: absolute; inset: 0; background: rgba(0, 0, 0, 0.32); z-index: 55; display: flex; align-items: flex-end; pointer-events: auto; }
.ps-browser-sheet, .ps-share-sheet { width: 100%; background: #fff; color: #1d1b20; border-radius: 28px 28px 0 0; font: 400 14px/20px Roboto, sans-serif; }
.ps-browser-sheet { height: calc(100% - 48px); display: flex; flex-direction: column; overflow: hidden; }
.ps-browser-bar { height: 56px; display: flex; align-items: center; gap: 8px; padding: 0 8px; border-bottom: 1px solid #e0e0e0; }
.ps-browser-close { width: 48px; height: 48px; display: flex; align-items: center; justify-content: center; border-radius: 24px; }
.ps-browser-url { flex: 1; height: 36px; display: flex; align-items: center; gap: 6px; padding: 0 12px; border-radius: 18px; background: #f1f3f4; overflow: hidden; white-space: nowrap; }
.ps-browser-page { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; color: #49454f; padding: 24px; text-align: center; word-break: break-all; }
.ps-browser-title { font: 500 18px/24px Roboto, sans-serif; color: #1d1b20; }
.ps-share-sheet { padding: 8px 16px 32px; }
.ps-share-handle { width: 32px; height: 4px; border-radius: 2px; background: #79747e; margin: 8px auto 16px; }
.ps-share-preview { display: flex; align-items: center; gap: 16px; padding: 12px 8px; border-bottom: 1px solid #e0e0e0; }
.ps-share-preview-text { display: flex; flex-direction: column; min-width: 0; }
.ps-share-title { font: 500 16px/24px Roboto, sans-serif; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ps-share-detail { color: #49454f; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ps-share-targets { display: flex; justify-content: space-around; padding: 20px 0 12px; }
.ps-share-target { display: flex; flex-direction: column; align-items: center; gap: 8px; width: 72px; min-height: 48px; font-size: 12px; }
.ps-share-icon { width: 56px; height: 56px; border-radius: 28px; background: #e8def8; color: #1d192b; display: flex; align-items: center; justify-content: center; }
.ps-share-cancel { display: flex; justify-content: center; align-items: center; height: 48px; font: 500 14px/20px Roboto, sans-serif; color: #6750a4; }
.ps-dark-chrome.ps-browser-sheet, .ps-dark-chrome.ps-share-sheet { background: #2b2930; color: #e6e0e9; }
.ps-dark-chrome .ps-browser-url { background: #3b383e; }
.ps-dark-chrome .ps-browser-page, .ps-dark-chrome .ps-share-detail { color: #cac4d0; }
.ps-dark-chrome .ps-browser-title { color: #e6e0e9; }
.ps-dark-chrome .ps-share-icon { background: #4a4458; color: #e8def8; }
.ps-dark-chrome .ps-share-cancel { color: #d0bcff; }
`;
