import {
  Tab as RACTab,
  TabList as RACTabList,
  TabPanel as RACTabPanel,
  Tabs as RACTabs,
  composeRenderProps,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { composeTailwindRenderProps, tv } from './tv.ts';

/** Views of one thing side by side (order details: Products, Tracking, Review). Arrow keys move between tabs. */
export function Tabs(props: TabsProps) {
  return <RACTabs {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-4')} />;
}

export function TabList<T extends object>(props: TabListProps<T>) {
  return <RACTabList {...props} className={composeTailwindRenderProps(props.className, 'flex gap-1 border-b border-neutral-300')} />;
}

const tabStyles = tv({
  extend: focusRing,
  base: '-mb-px flex cursor-default items-center gap-2 rounded-t-control border-b-2 px-4 py-2 text-body font-medium transition-colors forced-color-adjust-none',
  variants: {
    isSelected: {
      false: 'border-transparent text-neutral-600 hover:text-neutral-900 hover:border-neutral-300 forced-colors:text-[ButtonText]',
      true: 'border-brand-600 text-brand-700 forced-colors:border-[Highlight] forced-colors:text-[Highlight]',
    },
    isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

export function Tab(props: TabProps) {
  return <RACTab {...props} className={composeRenderProps(props.className, (className, rp) => tabStyles({ ...rp, className }))} />;
}

const panelStyles = tv({ extend: focusRing, base: '-mx-2 rounded-control px-2 py-1 text-body text-neutral-900' });

export function TabPanel(props: TabPanelProps) {
  return <RACTabPanel {...props} className={composeRenderProps(props.className, (className, rp) => panelStyles({ ...rp, className }))} />;
}
