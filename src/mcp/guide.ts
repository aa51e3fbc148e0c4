// The authoring guide resource, generated from the contract so it cannot drift from what the
// validator accepts: short prose, then node, style and action tables.
import { contract, iconNames, limits, type ObjectShape } from '../contract/index.ts';
import { describeRule, objectDefinition, propertyList, table } from '../contract/describe.ts';
import { examplesLine } from './examples.ts';
import { actionExample, EXAMPLE_PAGER, EXAMPLE_STACK, EXAMPLE_STATE, grammarEntries, nodeExample } from '../contract/grammar.ts';

export { describeRule };

function nodeTable(): string {
  const rows = Object.entries(contract.nodes).map(([type, entry]) => [`\`${type}\``, propertyList(entry), `\`${JSON.stringify(nodeExample(type))}\``, entry.capability ?? '']);
  return table(['type', 'properties (* required)', 'smallest instance', 'needs capability'], rows);
}

function styleTable(): string {
  const style = objectDefinition('style');
  if (!style) return '';
  return table(['property', 'accepts'], Object.entries(style.properties).map(([name, rule]) => [`\`${name}\``, describeRule(rule)]));
}

function actionTable(): string {
  const rows = Object.entries(contract.actions).map(([type, entry]) => [`\`${type}\``, propertyList(entry as ObjectShape), `\`${JSON.stringify(actionExample(type))}\``]);
  return table(['type', 'properties (* required)', 'smallest instance'], rows);
}

/** Every nested shape with what its fields accept and one valid instance of it. */
function grammarSection(): string {
  const assumed = `the state ${JSON.stringify(EXAMPLE_STATE)}, a pager \`${EXAMPLE_PAGER}\` and a stack \`${EXAMPLE_STACK}\` with a \`detail\` screen`;
  const intro = `Every object a spec nests, by the name the tables use, with its fields (\`*\` required; an optional field left out takes the device's default) and the smallest valid instance. The instances assume ${assumed}, and data \`{"items": [...]}\`.`;
  const lines = grammarEntries().map((entry) => `- **\`${entry.name}\`**: ${entry.fields}. Smallest: \`${JSON.stringify(entry.example)}\`${entry.more ? `; also ${entry.more.map((form) => `\`${JSON.stringify(form)}\``).join(', ')}` : ''}`);
  return [intro, ...lines].join('\n');
}

function commonTable(): string {
  return table(['property', 'accepts'], Object.entries(contract.nodeCommon.properties).map(([name, rule]) => [`\`${name}\``, describeRule(rule)]));
}

/**
 * The smallest fullscreen spec that looks like an app: opaque, edge to edge, under the status bar
 * like an app, padded clear of the system bars, with a top bar and one action.
 */
export const FIRST_SPEC = {
  id: 'hello',
  window: { placement: { type: 'fullscreen' }, chrome: 'none', layer: 'app' },
  state: { taps: 0 },
  root: {
    type: 'column',
    style: { width: 'fill', height: 'fill', background: 'surface' },
    safeAreaPadding: { edges: ['top', 'bottom'], types: ['systemBars'] },
    children: [
      { type: 'topAppBar', title: 'Hello' },
      {
        type: 'column',
        style: { padding: { top: 16, bottom: 16, start: 16, end: 16 }, spacing: 12 },
        children: [
          { type: 'text', text: 'Tapped {taps} times', style: { textStyle: 'bodyLarge' } },
          { type: 'button', testTag: 'hello_tap', label: 'Tap me', onTap: [{ type: 'increment', key: 'taps' }, { type: 'emit', name: 'tapped' }] },
        ],
      },
    ],
  },
};

function firstSpecSection(): string {
  return `## Your first spec in one show

\`prototype {action: "show", spec}\` with this spec draws a screen that looks like an app:

\`\`\`json
${JSON.stringify(FIRST_SPEC, null, 1)}
\`\`\`

- \`placement: {type: "fullscreen"}\` takes the whole screen; \`chrome: "none"\` leaves out the host's dismiss row, so the screen is all yours.
- \`layer: "app"\` puts it under the status bar and the keyboard, as an app is; \`safeAreaPadding\` with \`systemBars\` keeps the content clear of the status bar and the gesture area.
- \`background: "surface"\` on a root that fills the window makes it opaque: without a background the device's home screen shows through.
- Every control has a \`testTag\`, so \`tapOn {testTag: "hello_tap"}\` drives it; the tap writes state (a \`change\` event) and emits \`tapped\` (an \`emit\` event) for \`awaitEvent\`.

Worked examples to copy, one per everyday screen, are resources (\`resources/list\` names them all): ${examplesLine()}. The last section of this guide gives the shape of every nested object with a valid instance.`;
}

const PROSE = `## How it works

Show a working UI prototype instead of describing one. A spec is strict JSON:
\`{ "id", "window", "state"?, "data"?, "theme"?, "motion"?, "components"?, "root" }\`. Every object is strict:
an unknown property, an unknown node or action type, or an explicit \`null\` rejects the whole spec
with one path (for example \`root.children[1].style.color\`). Fix that path and show again; a rejected
show never changes what is on screen. A show that succeeds may carry \`warnings: [{path, message, fix}]\`:
things that will not do what they look like (a placeholder in a field that does not bind it, a data
pointer that names nothing, a see-through fullscreen window); fix them the same way.

**Flow.** \`prototype {action: "show", spec}\` → \`observe\` to see it (hierarchy + screenshot) →
\`tapOn\` / \`sendKeys\` / \`swipeOn\` to drive it → \`prototype {action: "awaitEvent", afterSequence}\`
to receive what the person did. Events are \`{id, sequence, kind, name, payload, state, pages,
stacks?}\`; kinds are \`change\` (state written), \`emit\` (an \`emit\` action: name + payload),
\`page_changed\` (pager id + page), \`screen_changed\` (stack id + \`{op, screen, from, screens}\`),
\`dismissed\` (payload.reason) and \`appearance_changed\`. Sequences start at 1 per
prototype id and continue across re-shows; show returns \`lastSequence\`, the sequence from just
before the show (what the show itself starts, an emit on appear or a request, comes after it), so
pass it (or the last sequence you saw) as \`afterSequence\` to wait for new events only. awaitEvent answers
\`{events, more, lastSequence}\`: the matching events after the cursor, oldest first (up to
\`limit\`, default 50; filter with \`eventName\`, \`kind\` or \`kinds\`). To page, pass the answer's
\`lastSequence\` as the next \`afterSequence\`: it is the sequence of the last event delivered (the
current one after a time-out), so no event is skipped whatever \`limit\` and the filters are, and
\`more: true\` says matching events are waiting. A read takes nothing away: the same
\`afterSequence\` answers the same events while they are buffered (the latest 64 per prototype), and
every call waiting when an event arrives gets it. Without \`afterSequence\` a call reads on after the
last event an earlier call answered. \`tapOn\`,
\`sendKeys\` and \`swipeOn\` answer the node they hit (\`target\`) and \`lastSequence\` after the
input; they refuse a node something covers (observe marks covered app nodes, and leaves out those an
opaque prototype window hides entirely: \`coveredAppNodes\` counts them, \`observe {includeCovered: true}\`
lists them) and \`sendKeys\`
refuses a testTag that is not a text field, before pressing anything. A node whose own overlay
panel lies over its centre (a drawer's \`<testTag>.close\` scrim) carries \`visibleBounds\`, the part a
person can tap, and \`tapOn\` aims there. \`observe\` also returns
\`prototypeWindow\` (placement, whether it hides the app, appearance \`{mode, source, deviceDark}\`);
\`observe {hidePrototype: true}\` captures the app alone, the prototype hidden for the screenshot
and shown again right after.
A same-id show replaces the prototype in place and keeps pager pages; \`reset: true\` starts fresh.
One prototype is on screen at a time: a show of another id replaces it, and \`awaitEvent\` on the
replaced id answers at once with \`gone: {reason: "replaced", by}\`. Give a call a progress token to
hear from a slow one (awaitEvent sends a heartbeat every 2 s); cancelling a call stops it.

**State and bindings.** \`state\` is a flat object of strings, finite numbers and booleans. Text
fields interpolate \`{key}\`; controls bind a \`stateKey\`. Actions (\`onTap\`) change state, move pagers,
emit named events or dismiss. Conditions (\`visibleWhen\`, \`styleWhen\`) compare state keys.

**App logic.** \`enabledWhen\` (a condition, any node) draws a control disabled and refuses its
input while it does not hold; \`{type: "if", when, then, else?}\` branches an action list on state
as the list has written it so far; \`{data: "/tasks", isEmpty: true}\` and \`{data: "/tasks",
count: {greaterThan: 0}}\` count a data array (\`{count:/tasks}\` in text); a data action's value
\`{template: {title: "{newTask}", done: false}}\` binds state at the write ("add what was typed"
in one action); an iconButton's \`selectedWhen\` + \`selectedIcon\` make it a toggle;
\`theme.modeKey\` and \`strings.localeKey\` name state keys that re-theme (light, dark, system, or a
boolean) and re-translate (a locale tag or system) the prototype live. The sign-in, todo and
settings examples use them.

**Data.** \`data\` is JSON you own: bind it with \`{data:/pointer}\` in text, \`{"data": "/pointer",
equals: v}\` in conditions and \`repeat: {items: "/feed", as}\` over an array of rows (\`testTag\`
binds \`{index}\`, so rows are tapped on their own: \`post.{index}.like\`). The actions \`setData\`,
\`appendData\`, \`prependData\` and \`removeData\` write it with values read when they run
(\`{value}\`, \`{state}\`, \`{data}\`, \`{item}\`, \`{index}\`); each accepted write emits a \`change\`
named \`/data/<pointer>\` with \`{op, value?, revision}\`, a refused one changes nothing (inspect lists
it with its code). Every show, data write and state change takes the next \`revision\`. Change what
is shown without sending the spec again: \`prototype {action: "patch", id, baseRevision?, ops}\` with
\`{op: "set", path: "/data/…" | "/state/<key>", value}\`, \`{op: "append" | "prepend", path, value,
spread?, maxItems?}\`, \`{op: "remove", path}\` and \`{op: "replaceNode", id, node}\`: one unit,
validated like a show and refused whole with a path (a stale \`baseRevision\` too), silent.

**Time.** \`onAppear\` on the root (or a node with \`visibleWhen\`) runs when it appears;
\`startTimer {id, afterMs, everyMs?, times?, onFire}\` and \`cancelTimer {id}\` run actions later.
Don't wait for them: \`prototype {action: "advanceClock", ms}\` fires what falls due at once, and
inspect lists \`timers\`. To look at a transient state (a snackbar, an animation) at leisure, pause
the prototype's clock with \`device {clock: "paused"}\`: timers, snackbar durations, the idle
timeout and animations wait until advanceClock moves them on or \`clock: "running"\` lets them go.

**Requests.** \`request {url, method?, headers?, query?, body?, into, statusKey?, timeoutMs?,
onSuccess?, onError?, via?}\` loads real data: the response goes into the data member \`into\`
(its status in \`<into>__meta\`), statusKey goes loading → success | error, and one
\`prototype_request\` event says how it went (\`code\` on failure). Loopback and private daemon
addresses are refused unless the person started Protostage with \`--allow-request-origin\`.

**Platform.** \`platform {call: "haptics.perform" | "sound.play" | "links.open" | "share.open", args,
into?, statusKey?, onSuccess?, onError?}\` buzzes, plays a tone, opens a link in the device's
browser sheet or opens its share sheet (with \`requires: {platform: ["share"]}\`; tap
\`share.target.messages\` or \`share.cancel\` to answer it). One \`prototype_platform\` event says how it went.
\`{platform:/connectivity/online}\` and \`{platform: "/connectivity/online", equals: false}\` read the
network; \`device {offline: true}\` takes the device offline (one \`connectivity.changed\` event follows).
A \`pasteButton {stateKey}\` pastes what \`device {clipboard}\` put on the clipboard; a \`castButton\`
toggles its boolean \`stateKey\`.

**Specs from a phone's own device.** \`android: {…}\` and \`ios: {…}\` blocks (nodes, window, theme) and
\`theme.design\` are accepted; the show's \`platformNotes\` lists by path what the web device ignores.

**Motion.** \`animate: {durationMs, easing}\` or \`{tempo: fast|default|slow}\` (springs of the motion
tokens; \`motion: "expressive"\` picks that scheme) moves a node's style changes; \`style.scale\`,
\`style.rotation\`; transitions \`slideStart\`, \`slideEnd\`, \`scale\`; \`image.zoomable\`. \`animate.layout\`
(motion v3) is refused.

**Effects.** \`style.effects\`: noise, gradientMesh, shimmer, glow, vignette, blur, pixelate,
chromaticAberration, wave, ripple (at most 8 animated per spec; \`degradedEffects\` in the show lists
any the device leaves out).

**Glass.** \`style.surface: "glass"\` with \`style.glass: {variant: regular|clear, tint, interactive}\` blurs
what is behind the node; \`scroll.edgeEffect: soft|hard|none\` fades edges with more content.

**Icon effects.** \`icon.effect: {type: bounce|pulse|scale.up|variableColor|replace|wiggle|rotate|breathe|drawOn,
trigger?: {key} | {data}, repeat?: "infinite" | 1–20}\`.

**Style polish.** \`style.shadows\` (layers \`{offset, blur, spread, color, inner?}\` in authored order),
\`style.cornerStyle: "continuous"\`, \`style.border: {width, gradient}\`, \`scroll.fadeEdges\` (dp; only edges
with more content fade) and \`image.filter: {saturation, tint}\`.

**Charts and maps.** \`chart {kind: line|bar|area|pie|donut, rows, x, series: [{field, label?, color?}]}\`
(a pie or donut takes \`value\`, the field of each slice, instead of series; bar and area may be
\`stacked\`) plots rows given literally or by a data pointer (\`"rows": "/sales"\`); each row is a
part \`<testTag>.point.<i>\`, \`.bar.<i>\` or \`.slice.<i>\` that reads its values, and a tap writes the
row index to the number \`stateKey\` and runs onTap (past 100 rows one \`<testTag>.plot\` part picks
the nearest row). \`map {center: {lat, lon}, zoom 1–8, markers: [{id, lat, lon, label?}]}\` is a
schematic offline world map (country outlines only): markers are parts \`<testTag>.marker.<id>\` whose
tap writes the id to the string \`stateKey\`; \`swipeOn\` pans it and \`<testTag>.zoomIn\` / \`.zoomOut\` zoom.
\`videoPlayer {asset, poster?, autoplay?, loop?, playingKey?, onEnded?}\` plays an MP4 or WebM asset;
\`<testTag>.play\` plays or pauses it, \`.progress\` and \`.mute\` are parts; playingKey follows it and
onEnded runs at its end. With \`motion: "none"\` it stays on its poster.
\`cameraPreview {captureKey, facing?, onCapture?}\` shows the camera (a fixed test card on a launched
device); tapping \`<testTag>.shutter\` keeps the frame as an image asset \`capture-<n>\` and writes its id
to captureKey, and \`image {asset, assetKey: "photo"}\` draws the capture the key names.

**Languages.** \`strings: {default, tables: {<locale>: {key: text | {one, few, …, other}}}}\`
with \`{t:key}\` and \`{t:key|count}\` (plural by the state key \`count\`) in any text; show with
\`locale\`, or set the device's with \`device {locale}\`, to see it in another language (an Arabic
or Hebrew table lays the screen out right to left).

**Screens.** A \`stack\` node holds named \`screens\` and shows one, starting on \`initial\`;
\`push\` / \`pop\` / \`replace\` / \`popToRoot {stack, screen?, transition?}\` move it with platform,
slide, fade, none, sharedAxisX, sharedAxisY or fadeThrough motion. Observe lists only the top
screen; status, inspect and every event carry \`stacks\`. \`pressBack\` is the system back: with
the keyboard up it only hides it (\`keyboard\`), as on Android; else it closes the open dialog or sheet, else pops the deepest stack (or takes a compact list-detail back to
its list), and says what it did (\`back\`).

**Wrapping and columns.** \`flow\` wraps a row of children onto more lines (\`maxLines\`,
\`style.spacing\`, \`style.runSpacing\`); \`grid\` places children in \`columns\` (1 to 12, or
\`{minWidth}\`), a child taking \`span\` columns.

**Pagers and carousels.** \`pager.stateKey\` keeps the page in state (a tab bar can share it);
\`axis\`, \`pageSpacing\`, \`peek\` and \`pageSize\` lay pages out, \`indicator: "dots"\` draws dots; a
\`carousel\` scrolls fixed-width items (\`itemWidth\`) with no page events.

**Pull-to-refresh.** A vertical scroll's \`refresh: {stateKey, onRefresh}\` writes true to the
key on a pull and runs \`onRefresh\` (\`swipeOn\` down on it pulls); patch the key to false when
the new content is in.

**Window.** \`window.chrome: "none"\` draws a fullscreen prototype edge to edge (a two-finger
hold reveals the dismiss pill; \`tapOn protostage.dismiss\` reaches it). \`window.deadTaps: true\`
reports taps nothing handled as \`prototype_dead_tap\` emit events with \`{x, y, stack, screen}\`.
\`window.layer: "app"\` puts the prototype under the status bar, gesture area and keyboard, like an
app (pad it with \`safeAreaPadding\`); the default \`system\` layer draws over them, so a fullscreen
one covers the keyboard.

**The device.** The keyboard appears while a text field has the focus; its keys are observable
(\`layer: "keyboard"\`, testTags \`keyboard.a\`, \`keyboard.shift\`, \`keyboard.backspace\`,
\`keyboard.space\`, \`keyboard.enter\`) and tapOn on them types. \`device {orientation: "landscape"}\`
turns the device; \`profile\` (phone, tablet, foldable, … or \`390x844\`), \`dark\`, \`fontScale\`,
\`rtl\` and \`reducedMotion\` change it too. The prototype keeps its state, pages and text; a dark
flip of a \`theme.mode: "system"\` prototype sends one \`appearance_changed\`.

**Long lists.** \`list\` draws only the rows near the screen (children or a \`repeat\` over data,
\`header\`, \`footer\`) and keeps the first row on screen across data writes, prepends too. Observe
shows the rows on screen and \`list: {total, first, last}\` on the list; tapOn scrolls to a row.

**Phone and tablet.** \`adaptive\` arranges panes by the window width class (compact under 600 dp,
expanded from 840 dp): \`listDetail\` (one pane, or side by side; Back clears \`selectionKey\`),
\`navigationSuite\` (a bottom bar, or a rail; destinations tagged \`<testTag>.<value>\`) and
\`supporting\` (a sheet, or a side pane, while \`openKey\` is true).

**Menus and selects.** A \`menu\` child opens under its parent's bottom end while \`openWhen\`
holds (items and dividers; items tagged \`<testTag>.<index>\`, an item closes it and runs onTap;
a tap outside or Back closes it). A \`select\` field binds a string key; a tap lists its options,
tagged \`<testTag>.<value>\`, and a choice writes the value like a radioGroup.

**Search.** A \`searchBar\` binds a string key (typing like a text field, Enter runs onSubmit); with
an \`activeKey\` it shows its \`child\` results while active, and Back ends the search.

**Tooltips.** A \`tooltip\` points a bubble at the node whose \`id\` its \`anchorTo\` names (flipping
to fit); \`spotlight: {}\` dims the rest and makes it modal; dismissal writes the key, then onDismiss.

**Drawers.** A \`drawer\` is a modal side panel (\`edge\` start or end) shown while \`openWhen\` holds;
its scrim \`<testTag>.close\`, Back and an outward swipe close it.

**Long press and double tap.** \`onLongPress\` / \`onDoubleTap\` (box, row, column, text, image,
icon, card) run like onTap; drive them with \`tapOn {testTag, action: "longPress" | "doubleTap"}\`.

**Swipe actions.** A row or listItem's \`swipeActions: {start?, end?, fullSwipe?}\` (1-3 entries
\`{label, icon?, role?, color?, onTap}\` a side) are revealed by \`swipeOn\` right / left and tagged
\`<testTag>.swipe.<index>\` while open; \`fullSwipe\` runs the first entry.

**Rich text.** A text's \`spans: [{text, style?, onTap?}]\` (instead of \`text\`) draws styled runs;
a span with onTap is a link that \`tapOn {text: "<span text>"}\` reaches.

**Counting.** A text's \`contentTransition: "numeric"\` rolls the digits that changed (\`crossfade\` fades).

**Semantics.** Any node's \`semantics: {heading, liveRegion, group, label, hint, traits}\` shows in
observe (role Heading, text, hint, liveRegion, traits; a group is one node) and in the page's ARIA.

**Text fields.** \`label\`, \`variant: "outlined"\`, \`secure\` (a password, masked in every event
and inspect unless \`revealSecure: true\`), \`keyboard\`, \`maxLength\`, \`multiline\`, \`supportingText\`,
\`errorWhen\` + \`errorText\`, \`leadingIcon\`, \`trailingIcon\`, \`imeAction\` and \`onSubmit\` (Enter).

**Shared elements.** Two nodes with one \`sharedKey\` (or \`shared: {key, as: "element" | "bounds"}\`)
morph into each other when one hides and the other shows (a visibleWhen swap, a push or pop); a
\`zoom\` push grows the new screen from the node its \`source\` names.

**Memory.** \`storage: {version, keys?, data?}\` keeps those state keys and data pointers on the
device for this id across shows (a new version forgets them); inspect reports \`storage\`, and
\`prototype {action: "clearStorage", id}\` removes it. \`prototype {action: "save", id, dir}\` keeps the shown
prototype (as patched, with its assets) as a saved folder the person opens later with
\`protostage open DIR\`; \`show {specPath: DIR}\` loads it again with its assets, and a later show of the same
id writes its spec back to that folder.

**Reuse.** \`components\` + \`{type: "use", component, props}\` expand on the host; \`repeat\` on a
box/row/column turns its children into a template over \`items\` (\`{item.field}\`, \`{index}\`).

**Assets.** Images and fonts are referenced by opaque id (\`{type: "image", asset: "hero"}\`) and
supplied with the show as \`assets: [{id, path}]\` (absolute path; PNG, JPEG, WebP up to 4 MiB,
TTF/OTF up to 2 MiB, MP4/WebM videos up to 8 MiB; 32 assets, 16 MiB in all), or as \`{id, observation}\` with the
\`observationId\` of an earlier observe, whose screenshot becomes the picture (the latest 8 are kept).
Files (\`specPath\`, asset paths) are read only under the server's working directory, its
\`--allow-dir\` folders and the roots your client offers. Ids the device lacks come back in \`missingAssets\`
and render as placeholders until uploaded.

**Anchors.** \`anchor: {type: "element", selector: {testTag|text|elementId, container?}, alignment}\`
places a node over an app element; the host resolves it once, at show, and fails with candidates
when the match is missing or ambiguous. \`{type: "bounds", bounds: {x, y, width, height}}\` is in dp.

**Limits.** ${limits.specBytes} bytes of UTF-8, ${limits.nodes} nodes, depth ${limits.depth}.
Icons come from a closed list of ${iconNames.length} Material names: read \`protostage://icons/{query}\`.`;

export function authoringGuide(): string {
  return [
    '# Protostage authoring guide',
    firstSpecSection(),
    PROSE,
    '## Properties every node accepts',
    commonTable(),
    '## Nodes',
    nodeTable(),
    '## Style',
    styleTable(),
    '## Actions (`onTap` lists)',
    actionTable(),
    '## Grammar of every nested shape',
    grammarSection(),
  ].join('\n\n');
}
