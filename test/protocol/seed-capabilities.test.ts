// Every capability id the seeds name is either advertised by the web device or left out for a
// stated reason; the list below is the seeds' own, checked against the seed files when they are
// beside the checkout.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { WEB_DEVICE_CAPABILITIES } from '../../src/device/agent.ts';

const SEEDS = new URL('../../../shared/seeds/', import.meta.url);

/** The ids the seeds name that the web device does not advertise, each with why. */
const LEFT_OUT: Record<string, string> = {
  prototype_icon_sf_symbols_v1: 'the web device draws Material Symbols, not SF Symbols (it advertises prototype_icon_set_material_v1)',
  prototype_motion_v3: 'animate.layout is not drawn by the web device; the host refuses it at its path',
};

/** Every capability id named in seeds 000 and 001 (61 ids). */
const SEED_CAPABILITY_IDS = [
  'prototype_anchor_v1', 'prototype_appearance_v1', 'prototype_bottom_sheet_drag_v1', 'prototype_carousel_v1',
  'prototype_content_transition_v1', 'prototype_data_actions_v1', 'prototype_data_model_v1', 'prototype_dead_tap_v1',
  'prototype_design_platform_v1', 'prototype_drawer_v1', 'prototype_effects_v1', 'prototype_flow_grid_v1',
  'prototype_gestures_v1', 'prototype_glass_v1', 'prototype_icon_effects_v1', 'prototype_icon_set_material_v1',
  'prototype_icon_sf_symbols_v1', 'prototype_icon_variant_v1', 'prototype_identifier_test_tag_only_v1', 'prototype_inspect_v1',
  'prototype_menus_v1', 'prototype_motion_tokens_v1', 'prototype_motion_v2', 'prototype_motion_v3',
  'prototype_network_device_v1', 'prototype_network_v1', 'prototype_pager_options_v1', 'prototype_pager_state_key_v1',
  'prototype_patch_v1', 'prototype_persistence_replay_v1', 'prototype_platform_connectivity_v1', 'prototype_platform_haptics_v1',
  'prototype_platform_links_v1', 'prototype_platform_namespace_v1', 'prototype_platform_share_v1', 'prototype_platform_sound_v1',
  'prototype_reduced_motion_v1', 'prototype_refresh_v1', 'prototype_rich_text_v1', 'prototype_scroll_edge_effect_v1',
  'prototype_search_bar_v1', 'prototype_semantics_v1', 'prototype_shared_element_v1', 'prototype_shared_element_v2',
  'prototype_show_in_place_v1', 'prototype_stack_patterns_v1', 'prototype_stack_transitions_v1', 'prototype_storage_v1',
  'prototype_strings_v1', 'prototype_style_polish_v2', 'prototype_swipe_actions_v1', 'prototype_text_field_actions_v1',
  'prototype_text_field_leading_icon_v1', 'prototype_text_field_material_style_v1', 'prototype_text_field_options_v1',
  'prototype_theme_modes_v1', 'prototype_timers_v1', 'prototype_tooltip_v1', 'prototype_window_chrome_v1',
  'prototype_window_options_v1', 'prototype_zoom_transition_v1',
];

test('the list of seed capability ids is the seeds\' own', { skip: !existsSync(SEEDS) && 'the seeds are not beside this checkout' }, () => {
  const named = new Set<string>();
  for (const file of readdirSync(SEEDS)) for (const [id] of readFileSync(new URL(file, SEEDS), 'utf8').matchAll(/prototype_[a-z0-9_]+_v\d+/g)) named.add(id);
  assert.deepEqual([...named].sort(), [...SEED_CAPABILITY_IDS].sort());
});

test('every capability the seeds name is advertised by the web device, or left out with a reason', () => {
  const advertised = new Set<string>(WEB_DEVICE_CAPABILITIES);
  const missing = SEED_CAPABILITY_IDS.filter((id) => !advertised.has(id) && !Object.hasOwn(LEFT_OUT, id));
  assert.deepEqual(missing, [], 'advertise these, or say in LEFT_OUT why not');
  const advertisedAnyway = Object.keys(LEFT_OUT).filter((id) => advertised.has(id));
  assert.deepEqual(advertisedAnyway, [], 'a left-out id is not advertised');
  for (const id of Object.keys(LEFT_OUT)) assert.ok(SEED_CAPABILITY_IDS.includes(id), `${id} is a seed id`);
});
