// The device view an MCP Apps host draws inline in the conversation: the device's screen as the
// server's observe sees it, refreshed while it is visible, and the person's clicks and typed
// characters sent back through the host as tapOn and sendKeys, so they reach the prototype as real
// input and the agent as events. Everything goes through the host's tool calls; the view needs no
// network of its own and holds no token.
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';

interface ToolResult {
  content?: { type: string; text?: string; data?: string; mimeType?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const REFRESH_MS = 1500;

const screen = document.getElementById('screen') as HTMLImageElement;
const status = document.getElementById('status') as HTMLElement;
const app = new App({ name: 'Protostage device', version: '1.0.0' }, {});

/** The device the shown prototype went to (a server with several names it); the first otherwise. */
let deviceName: string | undefined;
/** The screen in dp, which taps are given in. */
let size: { width: number; height: number } | null = null;
let refreshing = false;
let refreshAgain = false;

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const result = (await app.callServerTool({ name, arguments: deviceName === undefined ? args : { ...args, device: deviceName } })) as ToolResult;
  if (result.isError) throw new Error(result.content?.find((part) => part.type === 'text')?.text ?? `${name} failed`);
  return result;
}

/** Draws the screen as it is now; a refresh asked for while one runs runs once more after it. */
async function refresh(): Promise<void> {
  if (refreshing) {
    refreshAgain = true;
    return;
  }
  refreshing = true;
  try {
    do {
      refreshAgain = false;
      const settings = (await call('device')).structuredContent?.settings as { width: number; height: number } | undefined;
      if (settings) size = { width: settings.width, height: settings.height };
      const image = (await call('observe')).content?.find((part) => part.type === 'image');
      if (image?.data) {
        screen.src = `data:${image.mimeType ?? 'image/png'};base64,${image.data}`;
        if (size) screen.style.aspectRatio = `${size.width} / ${size.height}`;
      }
      status.textContent = '';
    } while (refreshAgain);
  } catch (error) {
    status.textContent = `The device is not reachable: ${(error as Error).message}`;
  } finally {
    refreshing = false;
  }
}

/** A click on the picture is a tap at the same place on the device (dp). */
async function tapAt(event: MouseEvent): Promise<void> {
  if (!size) return;
  const box = screen.getBoundingClientRect();
  const x = Math.round(((event.clientX - box.left) / box.width) * size.width * 100) / 100;
  const y = Math.round(((event.clientY - box.top) / box.height) * size.height * 100) / 100;
  try {
    await call('tapOn', { x, y });
  } catch (error) {
    status.textContent = (error as Error).message;
  }
  await refresh();
}

/** A printable character typed while the view has the focus goes to the device's focused field. */
async function typeKey(event: KeyboardEvent): Promise<void> {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  try {
    await call('sendKeys', { text: event.key });
  } catch (error) {
    status.textContent = (error as Error).message;
  }
  await refresh();
}

app.ontoolresult = ({ structuredContent }) => {
  const device = (structuredContent as { device?: unknown } | undefined)?.device;
  if (typeof device === 'string') deviceName = device;
  void refresh();
};
screen.addEventListener('click', (event) => void tapAt(event));
document.addEventListener('keydown', (event) => void typeKey(event));
setInterval(() => {
  if (document.visibilityState === 'visible') void refresh();
}, REFRESH_MS);

await app.connect(new PostMessageTransport(window.parent, window.parent));
void refresh();
