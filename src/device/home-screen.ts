/**
 * The built-in app shown beneath a prototype when no `appUrl` is given: a neutral home
 * screen with a few tagged elements, so anchors, app taps and pass-through touches have
 * something real to land on. Tapping an app icon or "Buy" writes a line into
 * `home.status`, which makes a touch that reached the app observable.
 */

const APPS = ['Phone', 'Messages', 'Camera', 'Photos', 'Maps', 'Music', 'Settings', 'Store'] as const;

const APP_COLOURS = ['#2E7D32', '#1565C0', '#6D4C41', '#C62828', '#00838F', '#6A1B9A', '#455A64', '#EF6C00'];

function appIcon(name: string, index: number): string {
  const slug = name.toLowerCase();
  return `<button class="app" id="app-${slug}" data-testid="app.${slug}" data-label="${name}">` +
    `<span class="glyph" aria-hidden="true" style="background:${APP_COLOURS[index]}">${name[0]}</span>` +
    `<span class="label">${name}</span></button>`;
}

export function homeScreenHtml(fontUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Home</title>
<style>
@font-face { font-family: Roboto; src: url(${fontUrl}) format('woff2'); font-weight: 400; }
:root { color-scheme: light dark; --bg: #F3EDF7; --fg: #1D1B20; --card: #FFFFFF; --muted: #49454F; }
@media (prefers-color-scheme: dark) { :root { --bg: #141218; --fg: #E6E0E9; --card: #2B2930; --muted: #CAC4D0; } }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { background: var(--bg); color: var(--fg); font: 16px/1.4 Roboto, sans-serif; padding: 56px 20px 40px;
  -webkit-tap-highlight-color: transparent; user-select: none; }
h1 { font-weight: 400; font-size: 56px; margin: 0; }
#date { color: var(--muted); margin: 0 0 24px; }
#search { width: 100%; height: 48px; border-radius: 24px; border: 0; padding: 0 20px; font: inherit;
  background: var(--card); color: var(--fg); }
#shop { margin: 20px 0; padding: 16px; border-radius: 16px; background: var(--card); display: flex;
  align-items: center; gap: 12px; }
#shop .title { flex: 1; }
#shop .price { color: var(--muted); font-size: 14px; }
#buy { height: 40px; padding: 0 24px; border-radius: 20px; border: 0; background: #6750A4; color: #FFF; font: inherit; }
#apps { display: grid; grid-template-columns: repeat(4, 1fr); gap: 16px 8px; margin-top: 24px; }
.app { border: 0; background: none; color: inherit; font: inherit; font-size: 13px; display: flex;
  flex-direction: column; align-items: center; gap: 6px; padding: 4px 0; }
.glyph { width: 56px; height: 56px; border-radius: 28px; color: #FFF; font-size: 24px; line-height: 56px; text-align: center; }
#status { margin-top: 24px; color: var(--muted); text-align: center; }
</style></head>
<body>
<h1 id="clock">12:00</h1>
<p id="date">Monday, November 30</p>
<input id="search" data-testid="home.search" placeholder="Search" aria-label="Search">
<section id="shop" data-testid="home.shop">
  <div class="title"><div>Wireless headphones</div><div class="price">$79</div></div>
  <button id="buy" data-testid="buy">Buy</button>
</section>
<nav id="apps">${APPS.map(appIcon).join('')}</nav>
<p id="status" data-testid="home.status" aria-live="polite">Tap an app</p>
<script>
const status = document.getElementById('status');
for (const app of document.querySelectorAll('.app')) {
  app.addEventListener('click', () => { status.textContent = 'Opened ' + app.dataset.label; });
}
document.getElementById('buy').addEventListener('click', () => { status.textContent = 'Added to cart'; });
</script>
</body></html>`;
}
