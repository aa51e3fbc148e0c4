// Constants both ends of the device protocol agree on.

export const PROTOCOL_VERSION = 1;

/** The host names that mean this machine in a URL or a Host header. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** A launch token shorter than this is refused by the device before it listens. */
export const MIN_TOKEN_LENGTH = 16;

/** The hello line is tiny; anything longer is not a hello and closes the connection. */
export const MAX_HELLO_FRAME_BYTES = 4 * 1024;

/**
 * Later frames carry a spec (at most 1 MiB), an asset (4 MiB as base64) or a screenshot.
 * Heap, not this cap, is the binding constraint, so it stays well above the largest legal frame.
 */
export const MAX_FRAME_BYTES = 24 * 1024 * 1024;

/** The font scales a device can be set to (1 is the default size). */
export const FONT_SCALE_RANGE = { min: 0.5, max: 3 } as const;

/** Environment variables the host uses to hand a device agent its port and token. */
export const DEVICE_PORT_ENV = 'PROTOSTAGE_DEVICE_PORT';
export const DEVICE_TOKEN_ENV = 'PROTOSTAGE_DEVICE_TOKEN';
/** Set by a host that spawns the agent: the agent exits when the host's end of its stdin closes. */
export const DEVICE_EXIT_WITH_STDIN_ENV = 'PROTOSTAGE_DEVICE_EXIT_WITH_STDIN';

/**
 * Capability names a device advertises in hello_result. The host refuses, before sending
 * anything, a request that needs a capability the device did not advertise.
 */
export const CAPABILITIES = {
  /** show_prototype / dismiss_prototype / prototype_event. */
  prototype: 'prototype_v1',
  /** put_prototype_asset / remove_prototype_asset and missingAssets on show. */
  assets: 'prototype_assets_v1',
  /** Font assets referenced by style.fontFamily {asset}. */
  fonts: 'prototype_fonts_v1',
  /** Same-id show replaces in place; `reset: true` starts fresh. */
  showInPlace: 'prototype_show_in_place_v1',
  /** Bounds anchors (the host rewrites element anchors to bounds). */
  anchors: 'prototype_anchor_v1',
  /** Live appearance: show `appearance` and appearance_changed events. */
  appearance: 'prototype_appearance_v1',
  /** {light, dark} colour pairs and theme mode maps. */
  themeModes: 'prototype_theme_modes_v1',
  /** window.layer and window.persistence. */
  windowOptions: 'prototype_window_options_v1',
  /** inspect_prototypes. */
  inspect: 'prototype_inspect_v1',
  /** A persistence "device" prototype outlives its session; its events wait in the offline ring while no host is connected. */
  persistenceReplay: 'prototype_persistence_replay_v1',
  /** A root data object, {data:…} text, data conditions and repeats over data (seeds/001 "Data model capability"). */
  dataModel: 'prototype_data_model_v1',
  /** The root storage block, inspect storage and clear_prototype_storage. */
  storage: 'prototype_storage_v1',
  /** onAppear, startTimer / cancelTimer, and advance_prototype_clock. */
  timers: 'prototype_timers_v1',
  /** patch_prototype: /data, /state and replaceNode operations in place. */
  patch: 'prototype_patch_v1',
  /** setData, appendData, prependData and removeData. */
  dataActions: 'prototype_data_actions_v1',
  /** Navigation stacks: the stack node, push / pop / replace / popToRoot, screen_changed events and press_back. */
  stackTransitions: 'prototype_stack_transitions_v1',
  /** The sharedAxisX, sharedAxisY and fadeThrough stack transitions. */
  stackPatterns: 'prototype_stack_patterns_v1',
  /** The flow and grid nodes, style.runSpacing and a grid child's span. */
  flowGrid: 'prototype_flow_grid_v1',
  /** scroll.refresh: pull-to-refresh on a vertical scroll. */
  refresh: 'prototype_refresh_v1',
  /** window.chrome: "none", a fullscreen window without the host's row (its dismiss pill on a two-finger hold). */
  windowChrome: 'prototype_window_chrome_v1',
  /** window.deadTaps: taps nothing handled arrive as prototype_dead_tap events. */
  deadTaps: 'prototype_dead_tap_v1',
  /** pager.stateKey: the page index kept in a state key. */
  pagerStateKey: 'prototype_pager_state_key_v1',
  /** pager axis, pageSpacing, peek and pageSize. */
  pagerOptions: 'prototype_pager_options_v1',
  /** The carousel node and a pager's indicator dots. */
  carousel: 'prototype_carousel_v1',
  /** The lazy list node: rows drawn near the screen only, the first visible row kept across writes. */
  lazyList: 'prototype_lazy_list_v1',
  /** The adaptive node: listDetail, navigationSuite and supporting layouts switching with the window's width class. */
  adaptive: 'prototype_adaptive_v1',
  /** sharedKey: two nodes with one key morph between them (a visibleWhen swap, a screen change). */
  sharedElement: 'prototype_shared_element_v1',
  /** shared: {key, as}, and shared keys in repeat templates. */
  sharedElementV2: 'prototype_shared_element_v2',
  /** The reduced motion profile: motion "reduced" and the device's reduce-motion setting (crossfades, snapped sizes, resting indicators). */
  reducedMotion: 'prototype_reduced_motion_v1',
  /** The menu node (anchored under its parent) and the select field. */
  menus: 'prototype_menus_v1',
  /** onLongPress / onDoubleTap on box, row, column, text, image, icon and card, and tapOn's action. */
  gestures: 'prototype_gestures_v1',
  /** textField variant, label, maxLength, multiline, secure, keyboard, supportingText and errorWhen. */
  textFieldOptions: 'prototype_text_field_options_v1',
  /** textField trailingIcon, imeAction and onSubmit. */
  textFieldActions: 'prototype_text_field_actions_v1',
  /** textField leadingIcon. */
  textFieldLeadingIcon: 'prototype_text_field_leading_icon_v1',
  /** swipeActions on rows and list items. */
  swipeActions: 'prototype_swipe_actions_v1',
  /** A node's semantics: heading, liveRegion, group, label, hint and traits. */
  semantics: 'prototype_semantics_v1',
  /** A text's contentTransition: numeric (rolling changed digits) or crossfade. */
  contentTransition: 'prototype_content_transition_v1',
  /** A text's spans: styled runs, tappable ones running their actions. */
  richText: 'prototype_rich_text_v1',
  /** The drawer node: a modal side panel. */
  drawer: 'prototype_drawer_v1',
  /** The searchBar node. */
  searchBar: 'prototype_search_bar_v1',
  /** The tooltip node, with its optional spotlight. */
  tooltip: 'prototype_tooltip_v1',
  /** The request action run by the host (via "host", the default): prototype_request / prototype_response / prototype_request_cancel. */
  network: 'prototype_network_v1',
  /** The request action run by the device itself (via "device"). */
  networkDevice: 'prototype_network_device_v1',
  /** The haptics.perform platform call: a cue on the web device, listed in inspect's feedbackLog. */
  platformHaptics: 'prototype_platform_haptics_v1',
  /** The sound.play platform call: a tone and a cue, listed in feedbackLog. */
  platformSound: 'prototype_platform_sound_v1',
  /** The links.open platform call: web links in the device's browser sheet. */
  platformLinks: 'prototype_platform_links_v1',
  /** /platform/connectivity in text and conditions, connectivity.changed events, and the device's offline setting. */
  platformConnectivity: 'prototype_platform_connectivity_v1',
  /** The share.open platform call (with requires.platform ["share"]): the device's share sheet. */
  platformShare: 'prototype_platform_share_v1',
  /** android: {…} and ios: {…} blocks on nodes, window and theme: validated strictly, honoured where the web can, else reported in platformNotes. */
  platformNamespace: 'prototype_platform_namespace_v1',
  /** theme.design: "platform" (the web device's platform look is Material, reported as design.fallback). */
  designPlatform: 'prototype_design_platform_v1',
  /** Motion v2: animate on a node's style changes, style scale and rotation, transitions slideStart, slideEnd and scale, image.zoomable. */
  motionV2: 'prototype_motion_v2',
  /** animate.tempo and motion "expressive": the contract's motion-token springs. */
  motionTokens: 'prototype_motion_tokens_v1',
  /** Motion v3 (animate.layout): not drawn by the web device, so never advertised; the host refuses it. */
  motionV3: 'prototype_motion_v3',
  /** style.effects: noise, gradientMesh, shimmer, glow, vignette, blur, pixelate, chromaticAberration, wave, ripple. */
  effects: 'prototype_effects_v1',
  /** style.surface "glass" with style.glass (variant, tint, interactive), drawn with the browser's backdrop filter. */
  glass: 'prototype_glass_v1',
  /** scroll.edgeEffect: soft or hard fades at the edges with more content. */
  scrollEdgeEffect: 'prototype_scroll_edge_effect_v1',
  /** icon.effect: bounce, pulse, scale.up, variableColor, replace, wiggle, rotate, breathe, drawOn, with a trigger or a repeat. */
  iconEffects: 'prototype_icon_effects_v1',
  /** Style polish: style.shadows, cornerStyle, border.gradient, scroll.fadeEdges and image.filter. */
  stylePolish: 'prototype_style_polish_v2',
  /** The chart node: line, bar, area, pie and donut charts of literal rows or a data pointer. */
  chart: 'prototype_chart_v1',
  /** The map node: an offline schematic world map with markers, panned and pinched on the device. */
  map: 'prototype_map_v1',
  /** The videoPlayer node: an MP4 or WebM video asset with a poster, Material controls and playback state. */
  videoPlayer: 'prototype_video_player_v1',
  /** The cameraPreview node (the device's camera, a shutter that keeps the frame as an asset) and image.assetKey. */
  cameraPreview: 'prototype_camera_preview_v1',
  /** The castButton node: the cast icon, connected while its state key is true. */
  castButton: 'prototype_cast_button_v1',
  /** The pasteButton node, pasting the device's clipboard (set with the device tool) into a state key. */
  pasteButton: 'prototype_paste_button_v1',
  /** String tables per locale, {t:key} and plural {t:key|count} references, a show's locale (and the device's). */
  strings: 'prototype_strings_v1',
  /** Bottom sheets drag between their detents and a swipe down dismisses them (dismissOnSwipe). */
  bottomSheetDrag: 'prototype_bottom_sheet_drag_v1',
  /** A stack's sourced "zoom" transition grows the tapped source into the pushed screen. */
  zoomTransition: 'prototype_zoom_transition_v1',
  /** Built-in icon names draw as Material Symbols glyphs (not a platform's own icon set). */
  iconSetMaterial: 'prototype_icon_set_material_v1',
  /** An icon's variant (filled, outlined, rounded, sharp, twoTone) draws that Material form. */
  iconVariant: 'prototype_icon_variant_v1',
  /** textField variants and the floating label draw as Material 3 text fields, with no platformNote. */
  textFieldMaterialStyle: 'prototype_text_field_material_style_v1',
  /** Only testTag (and <testTag>.<part>) names a node for observe and targeting; node.id never does. */
  identifierTestTagOnly: 'prototype_identifier_test_tag_only_v1',
  /** Protostage's own: enabledWhen on any node, drawn disabled and taking no input while it does not hold. */
  enabledWhen: 'protostage_enabled_when_v1',
  /** Protostage's own: the if action, {type: "if", when, then, else?}. */
  ifAction: 'protostage_if_action_v1',
  /** Protostage's own: {data, count: {equals | greaterThan | lessThan}} and {data, isEmpty} conditions, {count:/pointer} in text. */
  counts: 'protostage_counts_v1',
  /** Protostage's own: a data action's value {template: JSON} whose strings bind {key} state placeholders at the write. */
  valueTemplates: 'protostage_value_templates_v1',
  /** Protostage's own: an iconButton's selectedWhen and selectedIcon, an icon toggle button drawn selected while its condition holds. */
  iconToggle: 'protostage_icon_toggle_v1',
  /** Protostage's own: theme.modeKey, a state key whose light / dark / system value picks the mode live. */
  modeKey: 'protostage_mode_key_v1',
  /** Protostage's own: strings.localeKey, a state key whose locale tag (or system) picks the string table live. */
  localeKey: 'protostage_locale_key_v1',
  /** Protostage's own: device {clock: "paused" | "running"}, the prototype's clock held until advanceClock moves it on. */
  pausedClock: 'protostage_paused_clock_v1',
  /** observe / tap / type_text / swipe on the web device. */
  webInput: 'web_device_input_v1',
  /** configure_device: the live device's profile, orientation, dark, font scale, layout direction and reduce motion. */
  deviceSettings: 'web_device_settings_v1',
} as const;

export type CapabilityName = (typeof CAPABILITIES)[keyof typeof CAPABILITIES];

/**
 * What a device with only the base vocabulary (seeds/000) advertises: the shared conformance
 * corpus is written for such a device (`protostage conformance` judges as one by default), so a
 * spec using an extended feature (a pager's axis, say) is one it refuses, at that feature's path.
 */
export const BASE_VOCABULARY_CAPABILITIES: ReadonlySet<string> = new Set([
  CAPABILITIES.prototype,
  CAPABILITIES.assets,
  CAPABILITIES.fonts,
  CAPABILITIES.showInPlace,
  CAPABILITIES.anchors,
  CAPABILITIES.appearance,
  CAPABILITIES.themeModes,
  CAPABILITIES.windowOptions,
  CAPABILITIES.inspect,
  CAPABILITIES.persistenceReplay,
]);
