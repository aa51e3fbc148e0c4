// The sounds of sound.play, made in the page with Web Audio (no sound files): short tones a person
// watching a headed device hears. A page that may not play audio yet stays silent.

const TONES: Record<string, Array<[frequency: number, ms: number]>> = {
  click: [[1800, 18]],
  success: [[660, 90], [990, 140]],
  warning: [[440, 120], [440, 120]],
  error: [[330, 140], [220, 220]],
  notification: [[880, 110], [1320, 160]],
};

let context: AudioContext | null = null;

export function playSound(name: string): void {
  const tones = TONES[name];
  if (!tones || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  let at = context.currentTime;
  for (const [frequency, ms] of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + ms / 1000);
    at += ms / 1000 + 0.03;
  }
}
