import type { ReactNode } from 'react';
import {
  Button,
  Disclosure as RACDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as RACDisclosureProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { ChevronRightIcon } from './icons.tsx';
import { composeTailwindRenderProps, tv } from './tv.ts';

export interface DisclosureProps extends Omit<RACDisclosureProps, 'children'> {
  title: string;
  children: ReactNode;
  /** Heading level of the trigger, to fit the page outline. */
  level?: 2 | 3 | 4;
}

const triggerStyles = tv({
  extend: focusRing,
  base: 'flex w-full cursor-default items-center gap-2 rounded-control px-2 py-2 text-start text-body font-medium text-neutral-900 hover:bg-neutral-100',
});

/** A section that opens and closes (FAQ, order details). The trigger is a button inside a heading. */
export function Disclosure({ title, children, level = 3, ...props }: DisclosureProps) {
  return (
    <RACDisclosure {...props} className={composeTailwindRenderProps(props.className, 'group w-full max-w-xl border-b border-neutral-200')}>
      <Heading level={level} className="m-0">
        <Button slot="trigger" className={triggerStyles}>
          <ChevronRightIcon className="size-4 text-neutral-600 transition-transform group-expanded:rotate-90" />
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="px-8 pb-3 text-body text-neutral-700">{children}</DisclosurePanel>
    </RACDisclosure>
  );
}
