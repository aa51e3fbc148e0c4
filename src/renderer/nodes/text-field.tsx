// The Material 3 text field: filled or outlined, a floating label, leading and trailing icons, a
// secure field's reveal toggle, supporting or error text with a counter, one line or several, and
// the keyboard's action key (seeds/001 "Text field options", "Text field trailing icon and IME action").
import { useRef, useState } from 'preact/hooks';
import type { KeyboardType, SearchBarNode, TextFieldNode } from '../../runtime/model.ts';
import { maskedText } from '../../runtime/render.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import type { RenderEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { Node, type NodeProps } from '../node.tsx';

/** The on-screen keyboard each keyboard type asks for. */
const INPUT_MODES: Record<KeyboardType, string> = { text: 'text', number: 'numeric', decimal: 'decimal', phone: 'tel', email: 'email', url: 'url' };

/** A line of bodyLarge text (dp): a multiline field is this many dp per line tall. */
const LINE_HEIGHT = 24;

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export function TextField({ node, parent, env }: NodeProps<TextFieldNode>) {
  const input = useRef<FieldElement>(null);
  const [focused, setFocused] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const masked = node.secure && !revealed;
  const shown = masked ? maskedText(node.value) : node.value;
  const text = shown !== '' ? shown : node.caption ?? node.label ?? (node.placeholder || null);
  const floated = focused || node.value !== '' || (node.caption === null && node.placeholder !== '');
  const below = node.supportingText !== null || node.maxLength !== null;
  const classes = ['ps-field', `ps-field-${node.variant}`];
  if (focused) classes.push('ps-field-focused');
  if (node.error) classes.push('ps-field-error');
  if (node.caption !== null) classes.push(floated ? 'ps-field-labelled ps-field-floated' : 'ps-field-labelled');
  if (node.lines) classes.push('ps-field-multiline');
  const body = (
    <>
      {node.leadingIcon ? <Icon name={node.leadingIcon} class="ps-field-leading" /> : null}
      <span class="ps-field-text">
        {node.caption !== null ? <span class="ps-field-label" aria-hidden="true">{node.caption}</span> : null}
        <FieldInput node={node} env={env} input={input} masked={masked} showPlaceholder={node.caption === null || focused} onFocus={setFocused} />
      </span>
      {node.secure ? <RevealToggle node={node} revealed={revealed} onToggle={() => setRevealed((was) => !was)} /> : null}
      {node.trailingIcon ? <TrailingIcon node={node} env={env} /> : null}
    </>
  );
  const a11y = { id: node.key, testTag: node.testTag, role: 'TextField', text };
  const focus = () => input.current?.focus();
  if (!below) {
    return <Frame env={env} node={node} parent={parent} class={classes.join(' ')} a11y={a11y} onTap={focus}>{body}</Frame>;
  }
  return (
    <Frame env={env} node={node} parent={parent} class={node.error ? 'ps-field-stack ps-field-error' : 'ps-field-stack'} a11y={a11y} onTap={focus}>
      <div class={classes.join(' ')}>{body}</div>
      <div class="ps-field-below">
        {node.supportingText !== null ? (
          <span class="ps-field-supporting" {...a11yAttributes({ id: `${node.key}#supportingText`, testTag: partTag(node.testTag, 'supportingText'), role: null, text: node.supportingText })}>
            {node.supportingText}
          </span>
        ) : <span />}
        {node.maxLength !== null ? <span class="ps-field-counter">{`${[...node.value].length}/${node.maxLength}`}</span> : null}
      </div>
    </Frame>
  );
}

interface FieldInputProps {
  node: TextFieldNode;
  env: RenderEnv;
  input: { current: FieldElement | null };
  masked: boolean;
  showPlaceholder: boolean;
  onFocus(focused: boolean): void;
}

/** The input itself: a textarea for a multiline field, else one line (masked for a secure field). */
function FieldInput({ node, env, input, masked, showPlaceholder, onFocus }: FieldInputProps) {
  const common = {
    ref: input as never,
    class: 'ps-field-input',
    value: node.value,
    placeholder: showPlaceholder ? node.placeholder : '',
    spellcheck: false,
    autocomplete: 'off',
    inputMode: INPUT_MODES[node.keyboard],
    maxLength: node.maxLength ?? undefined,
    disabled: node.disabledBy !== null,
    'aria-invalid': node.error ? ('true' as const) : undefined,
    'data-testid': partTag(node.testTag, 'input') ?? undefined,
    style: node.style.color ? { color: node.style.color } : undefined,
    onFocus: () => onFocus(true),
    onBlur: () => onFocus(false),
    onInput: (event: Event) => env.interact({ type: 'edit', key: node.key, text: (event.currentTarget as FieldElement).value }),
  };
  if (node.lines) {
    const { min, max } = node.lines;
    return <textarea {...common} rows={min} style={{ ...common.style, minHeight: `${min * LINE_HEIGHT}px`, maxHeight: `${max * LINE_HEIGHT}px` }} />;
  }
  const line = { ...common, enterKeyHint: node.imeAction ?? undefined, onKeyDown: (event: KeyboardEvent) => onEnter(event, node, env) };
  return masked ? <input {...line} type="password" /> : <input {...line} type="text" />;
}

/**
 * Enter is the keyboard's action key: it runs onSubmit, then `next` moves the focus to the next
 * text field of the window and any other action (or onSubmit alone) puts the keyboard away.
 */
function onEnter(event: KeyboardEvent, node: TextFieldNode, env: RenderEnv): void {
  if (event.key !== 'Enter' || event.isComposing || (node.imeAction === null && !node.submits)) return;
  event.preventDefault();
  const field = event.currentTarget as HTMLInputElement;
  if (node.submits) env.interact({ type: 'submit', key: node.key });
  if (node.imeAction === 'next') {
    const window = field.closest('[data-ps-window]') ?? document;
    const fields = [...window.querySelectorAll<FieldElement>('.ps-field-input')];
    const next = fields[fields.indexOf(field) + 1];
    if (next) next.focus();
    else field.blur();
    return;
  }
  field.blur();
}

function RevealToggle({ node, revealed, onToggle }: { node: TextFieldNode; revealed: boolean; onToggle(): void }) {
  return (
    <span
      class="ps-field-trailing ps-field-button"
      {...a11yAttributes({ id: `${node.key}#reveal`, testTag: partTag(node.testTag, 'reveal'), role: 'Button', text: revealed ? 'Hide password' : 'Show password' })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <Icon name={revealed ? 'visibility_off' : 'visibility'} />
    </span>
  );
}

function TrailingIcon({ node, env }: { node: TextFieldNode; env: RenderEnv }) {
  const icon = node.trailingIcon!;
  return (
    <span
      class={icon.tappable ? 'ps-field-trailing ps-field-button' : 'ps-field-trailing'}
      {...a11yAttributes({ id: `${node.key}#trailingIcon`, testTag: partTag(node.testTag, 'trailingIcon'), role: icon.tappable ? 'Button' : null, text: icon.text })}
      onClick={icon.tappable ? (event) => {
        event.stopPropagation();
        env.interact({ type: 'trailingIcon', key: node.key });
      } : undefined}
    >
      <Icon name={icon.icon} />
    </span>
  );
}

/**
 * A search bar (seeds/001 "Search bar contract"): a rounded field with a leading icon, a clear
 * button while it holds text and up to two trailing actions. Focusing it writes true to its active
 * key; while active, its child (the results) shows under the field, and a bar grows to fill its
 * parent. Enter runs onSubmit.
 */
export function SearchBar({ node, parent, env }: NodeProps<SearchBarNode>) {
  const input = useRef<HTMLInputElement>(null);
  const classes = `ps-search ps-search-${node.variant}${node.active ? ' ps-search-active' : ''}`;
  return (
    <Frame env={env} node={node} parent={parent} class={classes} a11y={null}>
      <div class="ps-search-field" onClick={() => input.current?.focus()}>
        <Icon name={node.leadingIcon ?? 'search'} class="ps-search-leading" />
        <input
          ref={input}
          class="ps-field-input ps-search-input"
          value={node.value}
          placeholder={node.placeholder}
          spellcheck={false}
          autocomplete="off"
          enterKeyHint="search"
          {...a11yAttributes({ id: node.key, testTag: node.testTag, role: 'SearchField', text: node.value !== '' ? node.value : node.label ?? (node.placeholder || null) })}
          onFocus={() => node.activeKey !== null && !node.active && env.interact({ type: 'activate', key: node.key })}
          onInput={(event) => env.interact({ type: 'edit', key: node.key, text: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.isComposing) return;
            event.preventDefault();
            if (node.submits) env.interact({ type: 'submit', key: node.key });
            event.currentTarget.blur();
          }}
        />
        {node.value !== '' ? (
          <span
            class="ps-field-trailing ps-field-button"
            {...a11yAttributes({ id: `${node.key}#clear`, testTag: partTag(node.testTag, 'clear'), role: 'Button', text: 'Clear search' })}
            onClick={(event) => {
              event.stopPropagation();
              env.interact({ type: 'edit', key: node.key, text: '' });
            }}
          >
            <Icon name="close" />
          </span>
        ) : null}
        {node.trailingActions.map((action, index) => (
          <span
            key={index}
            class={action.tappable ? 'ps-field-trailing ps-field-button' : 'ps-field-trailing'}
            {...a11yAttributes({ id: `${node.key}#actions.${index}`, testTag: partTag(node.testTag, `actions.${index}`), role: action.tappable ? 'Button' : null, text: action.text })}
            onClick={action.tappable ? (event) => {
              event.stopPropagation();
              env.interact({ type: 'searchAction', key: node.key, index });
            } : undefined}
          >
            <Icon name={action.icon} />
          </span>
        ))}
      </div>
      {node.active && node.child ? <div class="ps-search-results"><Node node={node.child} parent="column" /></div> : null}
    </Frame>
  );
}
