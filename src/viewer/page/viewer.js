// The viewer page: shows the device's screen frames, sends the person's pointer and keys back
// as input messages in device dp, and lists the prototype's events, state and pages.
'use strict';
(() => {
  const MAX_EVENTS_SHOWN = 200;
  const MAX_OTHER_ERRORS_SHOWN = 5;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const $ = (id) => document.getElementById(id);
  const screenElement = $('screen');
  const frameImage = $('frame');
  let screenSize = { width: 412, height: 915 };
  let frameUrl = null;
  const prototypes = new Map();
  let socket;

  function connect() {
    socket = new WebSocket(`ws://${location.host}/socket?token=${encodeURIComponent(token)}`);
    socket.binaryType = 'blob';
    socket.onopen = () => setConnection('connected', 'ok');
    socket.onclose = () => setConnection('disconnected — reload this page if protostage still runs; if it restarted, open the new address it printed', 'bad');
    socket.onmessage = (message) => {
      if (typeof message.data === 'string') receive(JSON.parse(message.data));
      else showFrame(message.data);
    };
  }

  function setConnection(text, className) {
    $('connection').textContent = text;
    $('connection').className = className;
  }

  function send(message) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function showFrame(blob) {
    const previous = frameUrl;
    frameUrl = URL.createObjectURL(blob);
    frameImage.src = frameUrl;
    if (previous !== null) URL.revokeObjectURL(previous);
    $('waiting').hidden = true;
  }

  /** Drawn at one CSS pixel per dp, scaled down to fit the window when it is smaller. */
  function fitScreen(size) {
    screenSize = size;
    screenElement.style.aspectRatio = `${size.width} / ${size.height}`;
    screenElement.style.height = `min(${size.height}px, calc(100vh - 32px), (100vw - 300px) * ${size.height / size.width})`;
  }

  function receive(message) {
    switch (message.type) {
      case 'hello':
        fitScreen(message.screen);
        $('title').textContent = message.title;
        document.title = `${message.title} — protostage`;
        return;
      case 'screen':
        return fitScreen(message.screen);
      case 'device':
        return showDevice(message.settings);
      case 'status':
        return showStatus(message.status);
      case 'prototypes':
        prototypes.clear();
        for (const prototype of message.prototypes) prototypes.set(prototype.id, prototype);
        return showState();
      case 'event':
        return showEvent(message.event);
    }
  }

  /** The device as it is: the controls show its settings, and send a change when used. */
  let device = null;
  function showDevice(settings) {
    device = settings;
    $('device-name').textContent = `${settings.profile} · ${settings.width}×${settings.height} · ${settings.orientation}`;
    $('device-dark').setAttribute('aria-pressed', String(settings.dark));
    $('device-rtl').setAttribute('aria-pressed', String(settings.rtl));
    $('device-font').value = String(settings.fontScale);
  }
  $('device-rotate').addEventListener('click', () => device && send({ type: 'device', orientation: device.orientation === 'portrait' ? 'landscape' : 'portrait' }));
  $('device-dark').addEventListener('click', () => device && send({ type: 'device', dark: !device.dark }));
  $('device-rtl').addEventListener('click', () => device && send({ type: 'device', rtl: !device.rtl }));
  $('device-font').addEventListener('change', (event) => send({ type: 'device', fontScale: Number(event.target.value) }));

  function showStatus(status) {
    const line = $('spec-status');
    line.textContent = status.ok
      ? `${status.file}: valid, showing "${status.id}" (${status.nodeCount} nodes, save ${status.version})`
      : `${status.file}: invalid at ${status.path} (save ${status.version})`;
    line.className = status.ok ? 'ok' : 'bad';
    $('error').hidden = status.ok;
    showHighlight(status.ok ? null : status.highlight);
    showWarnings(status.ok ? status.warnings ?? [] : []);
    if (status.ok) return;
    $('error-path').textContent = status.path;
    $('error-message').textContent = status.message;
    $('error-hint').textContent = status.hint ? `Fix: ${status.hint}` : '';
    showOtherErrors(status.otherErrors ?? [], status.truncated === true);
  }

  /** What the valid spec holds that will not do what it looks like, under the status line. */
  function showWarnings(warnings) {
    const list = $('spec-warnings');
    list.replaceChildren();
    list.hidden = warnings.length === 0;
    for (const warning of warnings) {
      const item = document.createElement('li');
      const path = document.createElement('code');
      path.textContent = warning.path;
      item.append(path, `: ${warning.message}. Fix: ${warning.fix}`);
      list.append(item);
    }
  }

  function showOtherErrors(errors, truncated) {
    const list = $('error-more');
    list.replaceChildren();
    for (const error of errors.slice(0, MAX_OTHER_ERRORS_SHOWN)) {
      const item = document.createElement('li');
      const path = document.createElement('code');
      path.textContent = error.path;
      item.append(path, `: ${error.message}`);
      list.append(item);
    }
    const hidden = errors.length - MAX_OTHER_ERRORS_SHOWN;
    if (hidden > 0 || truncated) {
      const item = document.createElement('li');
      item.textContent = truncated ? 'and more errors' : `and ${hidden} more ${hidden === 1 ? 'error' : 'errors'}`;
      list.append(item);
    }
  }

  function showHighlight(highlight) {
    const box = $('highlight');
    box.hidden = highlight == null;
    if (highlight == null) return;
    const { x, y, width, height } = highlight.bounds;
    const percent = (value, whole) => `${(value / whole) * 100}%`;
    Object.assign(box.style, {
      left: percent(x, screenSize.width),
      top: percent(y, screenSize.height),
      width: percent(width, screenSize.width),
      height: percent(height, screenSize.height),
    });
    $('highlight-key').textContent = highlight.key ?? 'window';
  }

  function showEvent(event) {
    prototypes.set(event.id, { ...prototypes.get(event.id), id: event.id, state: event.state, pages: event.pages, lastSequence: event.sequence });
    if (event.kind === 'dismissed') prototypes.delete(event.id);
    showState();
    const item = document.createElement('li');
    item.value = event.sequence;
    const name = event.name === null ? '' : ` ${event.name}`;
    const payload = event.payload === undefined || event.payload === null ? '' : ` ${JSON.stringify(event.payload)}`;
    item.textContent = `${event.id} ${event.kind}${name}${payload}`;
    const list = $('events');
    list.prepend(item);
    while (list.children.length > MAX_EVENTS_SHOWN) list.lastElementChild.remove();
  }

  function showState() {
    const state = {};
    const pages = {};
    for (const [id, prototype] of prototypes) {
      state[id] = prototype.state ?? {};
      pages[id] = prototype.pages ?? {};
    }
    const single = prototypes.size === 1;
    $('state').textContent = JSON.stringify(single ? Object.values(state)[0] : state, null, 2);
    $('pages').textContent = JSON.stringify(single ? Object.values(pages)[0] : pages, null, 2);
  }

  /** The pointer's position on the device screen, in dp. */
  function devicePoint(event) {
    const rect = screenElement.getBoundingClientRect();
    return {
      x: Math.round(((event.clientX - rect.left) * screenSize.width) / rect.width * 100) / 100,
      y: Math.round(((event.clientY - rect.top) * screenSize.height) / rect.height * 100) / 100,
    };
  }

  const pointerPhases = { pointerdown: 'down', pointermove: 'move', pointerup: 'up', pointercancel: 'cancel' };
  for (const [domType, phase] of Object.entries(pointerPhases)) {
    screenElement.addEventListener(domType, (event) => {
      if (!event.isPrimary || (phase === 'move' && event.buttons === 0)) return;
      if (phase === 'down') {
        screenElement.focus();
        screenElement.setPointerCapture(event.pointerId);
      }
      event.preventDefault();
      send({ type: 'pointer', phase, ...devicePoint(event) });
    });
  }

  screenElement.addEventListener('wheel', (event) => {
    event.preventDefault();
    send({ type: 'wheel', ...devicePoint(event), dx: event.deltaX, dy: event.deltaY });
  }, { passive: false });

  const NAMED_KEYS = new Set(['Enter', 'Backspace', 'Delete', 'Tab', 'Escape', 'Home', 'End', 'PageUp', 'PageDown', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
  screenElement.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!NAMED_KEYS.has(event.key) && [...event.key].length !== 1) return;
    event.preventDefault();
    send({ type: 'key', key: event.key });
  });

  connect();
})();
