// Navigation: topAppBar, tabBar and bottomNav.
import type { AppBarButton, NavBarNode, NavItemView, SafeAreaPadding, TopAppBarNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { useEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { useAssetUrl, useImageLoad } from '../loading.ts';
import type { NodeProps } from '../node.tsx';

/** Navigation icon tagged `<testTag>.navigation`, actions `<testTag>.actions.<index>`. */
export function TopAppBar({ node, parent, env }: NodeProps<TopAppBarNode>) {
  const barButton = (button: AppBarButton, part: string, target: 'navigation' | number) => (
    <button
      type="button"
      key={part}
      class="ps-app-bar-button"
      {...a11yAttributes({ id: `${node.key}#${part}`, testTag: partTag(node.testTag, part), role: 'Button', text: button.text, enabled: button.tappable })}
      onClick={(event) => {
        event.stopPropagation();
        if (button.tappable) env.interact({ type: 'appBar', key: node.key, target });
      }}
    >
      <Icon name={button.icon} class={part === 'navigation' ? 'ps-mirror-auto' : undefined} />
    </button>
  );
  const title = <span class="ps-app-bar-title">{node.title}</span>;
  const tall = node.variant === 'medium' || node.variant === 'large';
  return (
    <Frame
      env={env}
      node={node}
      parent={parent}
      class={`ps-app-bar ps-app-bar-${node.variant}`}
      a11y={{ id: node.key, testTag: node.testTag, role: null, text: node.label ?? node.title }}
      onTap={node.tappable ? () => env.interact({ type: 'tap', key: node.key }) : null}
    >
      <div class="ps-app-bar-row">
        {node.navigationIcon ? barButton(node.navigationIcon, 'navigation', 'navigation') : <span class="ps-app-bar-gap" />}
        {tall ? <span class="ps-app-bar-fill" /> : title}
        <span class="ps-app-bar-actions">{node.actions.map((action, index) => barButton(action, `actions.${index}`, index))}</span>
      </div>
      {tall ? <div class="ps-app-bar-headline">{title}</div> : null}
    </Frame>
  );
}

/** A nav item's glyph: the image when it is ready, else the icon, else a grey square. */
function NavGlyph({ item }: { item: NavItemView }) {
  const env = useEnv();
  const url = useAssetUrl(env.assets, item.image);
  const status = useImageLoad(url);
  if (item.image && url && status === 'loaded') return <img class="ps-nav-image" src={url} alt="" draggable={false} />;
  if (item.icon) return <Icon name={item.icon} />;
  return <span class="ps-nav-square" />;
}

const BEHIND_GESTURE_AREA: SafeAreaPadding = { edges: ['bottom'], types: ['systemBars'] };

/** tabBar and bottomNav: one Tab node per item, tagged `<testTag>.<index>`. */
export function NavBar({ node, parent, env }: NodeProps<NavBarNode>) {
  const isTabs = node.type === 'tabBar';
  const hasGlyphs = node.items.some((item) => item.icon !== null || item.image !== null);
  const classes = isTabs
    ? `ps-tabs${node.scrollable ? ' ps-tabs-scrollable' : ''}${hasGlyphs ? ' ps-tabs-with-icons' : ''}`
    : 'ps-bottom-nav';
  const container = node.testTag !== null || node.label !== null ? { id: node.key, testTag: node.testTag, role: null, text: node.label } : null;
  // A bottom bar draws its container behind the gesture area, as Compose's NavigationBar pads
  // itself by the navigation bar insets its ancestors left unconsumed.
  const framed = isTabs || node.safeAreaPadding !== null ? node : { ...node, safeAreaPadding: BEHIND_GESTURE_AREA };
  return (
    <Frame env={env} node={framed} parent={parent} class={classes} a11y={container}>
      <div class="ps-nav-items">
        {node.items.map((item, index) => (
          <div
            key={index}
            class={index === node.selectedIndex ? 'ps-nav-item ps-on' : 'ps-nav-item'}
            {...a11yAttributes({ id: `${node.key}#${index}`, testTag: partTag(node.testTag, String(index)), role: 'Tab', text: item.text, selected: index === node.selectedIndex })}
            onClick={(event) => {
              event.stopPropagation();
              env.interact({ type: 'selectIndex', key: node.key, index });
            }}
          >
            {isTabs ? (
              <span class="ps-tab-content">
                {item.icon || item.image ? <NavGlyph item={item} /> : null}
                <span class="ps-nav-label">{item.text}</span>
                <span class="ps-tab-indicator" />
              </span>
            ) : (
              <>
                <span class="ps-nav-pill"><NavGlyph item={item} /></span>
                <span class="ps-nav-label">{item.text}</span>
              </>
            )}
          </div>
        ))}
      </div>
    </Frame>
  );
}
